import { useCallback, useState } from 'react';

/** The test chat: which run it is (a new number restarts it), where it starts, the block it is at. */
export function useTestRun() {
  const [running, setRunning] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const [from, setFrom] = useState('');
  const restart = useCallback(() => {
    setRunning(null);
    setRun((count) => count + 1);
  }, []);
  const startFrom = useCallback((groupId: string) => {
    setFrom(groupId);
    setRunning(null);
  }, []);
  return { running, setRunning, run, from, restart, startFrom };
}

export type TestRun = ReturnType<typeof useTestRun>;
