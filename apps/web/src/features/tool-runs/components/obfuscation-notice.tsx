import { describeObfuscation, type Obfuscation } from '@candor/engine-writing/obfuscation';
import EyeOff from 'lucide-react/icons/eye-off';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** Warns that the checked text hid characters or letters to get past detectors (the detector undid them). */
export function ObfuscationNotice({ obfuscation }: { obfuscation: Obfuscation | undefined }) {
  if (!obfuscation) return null;
  return (
    <Alert variant="warning">
      <EyeOff />
      <AlertTitle>Disguised text</AlertTitle>
      <AlertDescription>
        <p>{describeObfuscation(obfuscation)}</p>
      </AlertDescription>
    </Alert>
  );
}
