import { describe, expect, it } from 'vitest';
import {
  defaultThresholds,
  piiEntityCatalogue,
  piiEntityGroups,
  piiEntityTypes,
  piiFindingSchema,
  piiPolicies,
  piiPolicyIds,
} from './catalogue.js';
import { detectPii } from './detect.js';

describe('catalogue', () => {
  it('describes every entity type once, in a known group', () => {
    expect(piiEntityCatalogue.map((e) => e.type)).toEqual([...piiEntityTypes]);
    for (const entity of piiEntityCatalogue) {
      expect(piiEntityGroups).toContain(entity.group);
      expect(entity.name.length).toBeGreaterThan(0);
      expect(entity.description.length).toBeGreaterThan(10);
    }
  });

  it("each entity's example is found as that entity", () => {
    const missed = piiEntityCatalogue.filter(
      (entity) => !detectPii(entity.example, { entities: [entity.type], thresholds: { [entity.type]: 0.01 } }).length,
    );
    expect(missed.map((e) => e.type)).toEqual([]);
  });

  it('has one policy per id; ALL covers every entity at its default threshold', () => {
    expect(piiPolicies.map((p) => p.id)).toEqual([...piiPolicyIds]);
    const all = piiPolicies.find((p) => p.id === 'ALL');
    expect(all?.thresholds).toEqual(defaultThresholds);
    for (const policy of piiPolicies) {
      for (const [type, threshold] of Object.entries(policy.thresholds)) {
        expect(threshold).toBeLessThanOrEqual(defaultThresholds[type as keyof typeof defaultThresholds]);
      }
    }
  });

  it('the finding schema accepts a finding and refuses an unknown type or a score above 1', () => {
    const ok = { start: 0, end: 3, type: 'AGE', score: 0.5, text: '42' };
    expect(piiFindingSchema.parse(ok)).toEqual(ok);
    expect(piiFindingSchema.safeParse({ ...ok, type: 'SHOE_SIZE' }).success).toBe(false);
    expect(piiFindingSchema.safeParse({ ...ok, score: 1.5 }).success).toBe(false);
  });
});
