import { z } from 'zod';

export const voiceLabels = ['real', 'synthetic', 'uncertain'] as const;
export const voiceLabelSchema = z.enum(voiceLabels);
export type VoiceLabel = z.infer<typeof voiceLabelSchema>;

/** A feature that pushed a window towards "synthetic": its standardised value and its share of the score. */
export const voiceEvidenceSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** Standard deviations from the training recordings' mean. */
  z: z.number(),
  /** Its term in the feature model's log-odds. */
  contribution: z.number(),
});
export type VoiceEvidence = z.infer<typeof voiceEvidenceSchema>;

export const voiceWindowSchema = z.object({
  start: z.number(),
  end: z.number(),
  synthetic_probability: z.number().min(0).max(1),
  /** The feature model's log-odds, and AASIST-L's spoof margin (null when it did not run). */
  feature_score: z.number(),
  aasist_score: z.number().nullable(),
  features: z.array(voiceEvidenceSchema),
});
export type VoiceWindow = z.infer<typeof voiceWindowSchema>;

export const uncertainReasons = ['short', 'noisy', 'no_speech', 'borderline', 'mixed'] as const;

/** What a voice check found (issue 29): per-window probabilities with times, the verdict and why. */
export const voiceReportSchema = z.object({
  label: voiceLabelSchema,
  synthetic_probability: z.number().min(0).max(1),
  /** 0–1: how far the verdict is from a coin toss, times how many windows agree with it. */
  confidence: z.number().min(0).max(1),
  /** Share of windows on the same side as the overall probability. */
  consistency: z.number().min(0).max(1),
  /** Why the verdict is "uncertain" (empty otherwise). */
  reasons: z.array(z.object({ code: z.enum(uncertainReasons), message: z.string() })),
  summary: z.string(),
  duration_seconds: z.number(),
  billed_seconds: z.number().int(),
  audio: z.object({
    format: z.string(),
    sample_rate: z.number().int(),
    channels: z.number().int(),
    speech_seconds: z.number(),
    snr_db: z.number(),
    voiced_share: z.number(),
  }),
  windows: z.array(voiceWindowSchema),
  scorers: z.object({ features: z.literal(true), aasist: z.boolean(), model: z.string() }),
});
export type VoiceReport = z.infer<typeof voiceReportSchema>;
