import points from '@candor/engine-ai-detect/operating-points';
import { type OperatingPoint, type Sensitivity, shareInWords } from '@candor/engine-ai-detect/sensitivity';

/** What each level means for the committed detectors: written by `npm run train:detectors` and `train:curvature`. */
interface OperatingPoints {
  version: string;
  aiDetection: Record<Sensitivity, OperatingPoint>;
  humanized: Record<Sensitivity, OperatingPoint>;
  languageModel?: {
    model: string;
    aiDetection: Record<Sensitivity, OperatingPoint>;
    humanized: Record<Sensitivity, OperatingPoint>;
  };
}

const committed = points as OperatingPoints;

/** Where the picker's numbers come from, and what the language model changes where the server has it. */
function sourceOf(which: 'aiDetection' | 'humanized') {
  return (level: Sensitivity) => {
    const local = committed.languageModel;
    const base = 'Measured on held-out texts, each kind of writing left out of training in turn.';
    if (!local) return base;
    return `${base} Where the server has the language model ${local.model}, ${shareInWords(local[which][level].detection_rate)} AI texts are caught at this setting.`;
  };
}

export const aiDetectionPoints = committed.aiDetection;
export const aiDetectionPointsSource = sourceOf('aiDetection');
export const humanizedPoints = committed.humanized;
export const humanizedPointsSource = sourceOf('humanized');
