import { createContext, useContext } from 'react';

/** What the route table tells a screen about itself. */
export interface RouteMeta {
  /** i18n key of the page title. */
  title: string;
  /** Tab routes have no back arrow and show the tab bar. */
  isTab: boolean;
}

export const RouteMetaContext = createContext<RouteMeta>({ title: 'app.name', isTab: false });

export function useRouteMeta(): RouteMeta {
  return useContext(RouteMetaContext);
}
