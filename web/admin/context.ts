import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { AdminApi } from './api.ts';

/** What every console screen shares: the API client and who is signed in. */
export interface ConsoleContextValue {
  api: AdminApi;
  operator: string;
}

export const ConsoleContext = createContext<ConsoleContextValue | undefined>(undefined);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside the console');
  return value;
}
