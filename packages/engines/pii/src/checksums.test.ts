import { describe, expect, it } from 'vitest';
import {
  abaRoutingValid,
  base58CheckVersion,
  bech32Variant,
  ibanValid,
  luhnValid,
  nhsValid,
  shannonEntropy,
  verhoeffCheckDigit,
  verhoeffValid,
} from './checksums.js';

describe('check digits', () => {
  it('Luhn accepts test card numbers and rejects a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('046454286')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111-1111')).toBe(false);
  });

  it('IBAN mod-97 needs the right length for the country', () => {
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('GB82WEST12345698765433')).toBe(false);
    expect(ibanValid('GB82WEST1234569876543')).toBe(false);
    expect(ibanValid('QQ82WEST12345698765432')).toBe(false);
  });

  it('Verhoeff validates Aadhaar-style numbers and computes the check digit', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffValid(`23456789012${verhoeffCheckDigit('23456789012')}`)).toBe(true);
    // Verhoeff catches every adjacent transposition.
    expect(verhoeffValid(`32456789012${verhoeffCheckDigit('23456789012')}`)).toBe(false);
  });

  it('NHS mod-11 accepts the published example and never a check value of 10', () => {
    expect(nhsValid('9434765919')).toBe(true);
    expect(nhsValid('9434765918')).toBe(false);
    expect(nhsValid('943476591')).toBe(false);
  });

  it('ABA routing needs the 3-7-1 checksum and a Federal Reserve prefix', () => {
    expect(abaRoutingValid('021000021')).toBe(true);
    expect(abaRoutingValid('011000015')).toBe(true);
    expect(abaRoutingValid('021000022')).toBe(false);
    // Valid checksum, but 50 is not a routing prefix.
    expect(abaRoutingValid('500000008')).toBe(false);
  });

  it('base58check decodes Bitcoin addresses and rejects a typo', () => {
    expect(base58CheckVersion('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(0);
    expect(base58CheckVersion('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(5);
    expect(base58CheckVersion('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBeNull();
    expect(base58CheckVersion('0OIl')).toBeNull();
  });

  it('bech32 and bech32m checksums of segwit addresses', () => {
    expect(bech32Variant('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bech32');
    expect(bech32Variant('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe('bech32');
    expect(bech32Variant('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe('bech32m');
    expect(bech32Variant('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBeNull();
    expect(bech32Variant('bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeNull();
  });

  it('Shannon entropy: one symbol has none, a uniform alphabet has log2 of its size', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBeCloseTo(2);
    expect(shannonEntropy('')).toBe(0);
  });
});
