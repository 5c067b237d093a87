import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_LIMITS } from '../lib/recording';

export type RecorderState =
  | { status: 'idle' }
  | { status: 'recording'; seconds: number }
  | { status: 'unavailable'; reason: string };

/** Records from the microphone with MediaRecorder, stopping by itself at the longest recording one check takes. */
export function useRecorder(onRecorded: (file: File) => void) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'unavailable', reason: 'This browser cannot record audio. Upload a file instead.' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({
        status: 'unavailable',
        reason: 'The microphone could not be opened. Allow access to it in the browser, or upload a file.',
      });
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    recorder.current = media;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const seconds = (Date.now() - started) / 1000;
      setState({ status: 'recording', seconds });
      if (seconds >= VOICE_LIMITS.maxSeconds) media.stop();
    }, 250);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      window.clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setState({ status: 'idle' });
      const type = media.mimeType || 'audio/webm';
      const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
      onRecordedRef.current(new File(chunks, `recording-${stamp}.${extension}`, { type }));
    };
    media.start(1000);
    setState({ status: 'recording', seconds: 0 });
  }, []);

  // Leaving the page stops the microphone.
  useEffect(() => () => recorder.current?.stop(), []);

  return { state, start, stop };
}
