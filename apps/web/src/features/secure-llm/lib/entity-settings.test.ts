import { afterEach, describe, expect, it } from 'vitest';
import {
  entitiesToDetect,
  groupState,
  humanizeType,
  MASKED_ENTITIES_STORAGE_KEY,
  readDisabledEntities,
  setTypes,
  writeDisabledEntities,
} from './entity-settings';
import type { EntityType } from './masks';

const ALL = ['PERSON_NAME', 'EMAIL_ADDRESS', 'PHONE_NUMBER'] as EntityType[];

afterEach(() => window.localStorage.clear());

describe('entity settings', () => {
  it('asks for every type while none is off, and for the rest once some are', () => {
    expect(entitiesToDetect(ALL, new Set())).toBeUndefined();
    expect(entitiesToDetect(ALL, new Set(['EMAIL_ADDRESS']))).toEqual(['PERSON_NAME', 'PHONE_NUMBER']);
    expect(entitiesToDetect(ALL, new Set(ALL))).toEqual([]);
  });

  it('switches a group as a whole and reports mixed groups', () => {
    const contact = ['EMAIL_ADDRESS', 'PHONE_NUMBER'] as EntityType[];
    const off = setTypes(new Set(), contact, false);
    expect(groupState(contact, off)).toBe('off');
    expect(groupState(contact, setTypes(off, ['PHONE_NUMBER'] as EntityType[], true))).toBe('mixed');
    expect(groupState(contact, setTypes(off, contact, true))).toBe('on');
  });

  it('persists the turned-off types and survives a corrupt entry', () => {
    expect(readDisabledEntities()).toEqual(new Set());
    writeDisabledEntities(new Set(['PHONE_NUMBER', 'EMAIL_ADDRESS']));
    expect(window.localStorage.getItem(MASKED_ENTITIES_STORAGE_KEY)).toBe('["EMAIL_ADDRESS","PHONE_NUMBER"]');
    expect(readDisabledEntities()).toEqual(new Set(['EMAIL_ADDRESS', 'PHONE_NUMBER']));
    window.localStorage.setItem(MASKED_ENTITIES_STORAGE_KEY, '{not json');
    expect(readDisabledEntities()).toEqual(new Set());
  });

  it('names unknown types readably', () => {
    expect(humanizeType('US_SOCIAL_SECURITY_NUMBER')).toBe('Us social security number');
  });
});
