// What panes need from the application: the signed-in state and the API.
import { createContext, useContext } from 'react';
import type { ApiCall } from './api/client.js';
import type { BrowserAuth } from './auth/session.js';

export interface Services {
  auth: BrowserAuth;
  api: ApiCall;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext is missing');
  return s;
}
