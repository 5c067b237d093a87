import { describe, expect, it } from 'vitest';
import {
  aiDetectorSearchSchema,
  applyPromotionSearchSchema,
  contactSearchSchema,
  contentHumanizerSearchSchema,
  historyIdSearchSchema,
  utmSearchSchema,
} from './search-params';

describe('shared search params', () => {
  it('reads utm params and drops invalid ones', () => {
    expect(utmSearchSchema.parse({ utm_source: 'news', utm_medium: 42, utm_campaign: { x: 1 } })).toEqual({
      utm_source: 'news',
      utm_medium: '42',
      utm_campaign: undefined,
    });
  });

  it('keeps a history_id as text, numeric or not, and drops empty or odd values', () => {
    expect(historyIdSearchSchema.parse({ history_id: 'abc-1' })).toEqual({ history_id: 'abc-1' });
    expect(historyIdSearchSchema.parse({ history_id: 123 })).toEqual({ history_id: '123' });
    expect(historyIdSearchSchema.parse({ history_id: '' })).toEqual({ history_id: undefined });
    expect(historyIdSearchSchema.parse({ history_id: ['a'] })).toEqual({ history_id: undefined });
    expect(historyIdSearchSchema.parse({})).toEqual({ history_id: undefined });
  });

  it.each([
    [true, true],
    ['true', true],
    [1, true],
    [false, undefined],
    ['yes', undefined],
    [undefined, undefined],
  ])('appSumoGreeting %j → %j', (value, expected) => {
    expect(aiDetectorSearchSchema.parse({ appSumoGreeting: value }).appSumoGreeting).toBe(expected);
  });

  it('reads content-humanizer params', () => {
    expect(contentHumanizerSearchSchema.parse({ history_id: 'h1', submitSaved: 'true' })).toEqual({
      history_id: 'h1',
      submitSaved: true,
    });
    expect(contentHumanizerSearchSchema.parse({ submitSaved: 'nope' })).toEqual({
      history_id: undefined,
      submitSaved: undefined,
    });
  });

  it('reads contact and promotion params', () => {
    expect(contactSearchSchema.parse({ source: 'pricing' })).toEqual({ source: 'pricing' });
    expect(contactSearchSchema.parse({ source: null })).toEqual({ source: undefined });
    expect(applyPromotionSearchSchema.parse({ buyPlanId: 7, coupon: 'SPRING' })).toEqual({
      buyPlanId: '7',
      coupon: 'SPRING',
    });
  });
});
