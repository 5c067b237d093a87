import { afterEach, describe, expect, it } from 'vitest';
import { forgetUserWork, storageKeys, writeStorage } from './storage';

afterEach(() => sessionStorage.clear());

describe('forgetUserWork', () => {
  it('drops the user’s drafts, running jobs and report edits, and keeps what is not theirs', () => {
    writeStorage('session', storageKeys.draft('ai-detection'), '{"text":"My essay"}');
    writeStorage('session', storageKeys.runningJob('plagiarism'), 'job-1');
    writeStorage('session', storageKeys.writingAnalysisEdits('h1'), '[]');
    writeStorage('session', storageKeys.referralCode, 'ADA123');
    writeStorage('session', storageKeys.utm, '{}');
    forgetUserWork();
    expect(Object.keys(sessionStorage).sort()).toEqual([storageKeys.referralCode, storageKeys.utm].sort());
  });
});
