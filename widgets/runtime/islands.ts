/**
 * THE island registry: island name (data-island="...") -> its chunk.
 * esbuild turns every entry into its own lazily loaded chunk; React is
 * shared between the React islands.
 */
export type Mount = (el: HTMLElement, props: Record<string, unknown>) => void | Promise<void>;

export const islands: Record<string, () => Promise<{ default: Mount }>> = {
  CookieBanner: () => import('../islands/CookieBanner.ts'),
  NavSession: () => import('../islands/NavSession.ts'),
  TypingEffect: () => import('../islands/TypingEffect.ts'),
  DemoVideo: () => import('../islands/DemoVideo.ts'),
  BlogSearch: () => import('../islands/BlogSearch.ts'),
  NotFoundLog: () => import('../islands/NotFoundLog.ts'),
  ContactForm: () => import('../islands/ContactForm.tsx'),
  WaitlistForm: () => import('../islands/WaitlistForm.tsx'),
  AuthForm: () => import('../islands/AuthForm.tsx'),
  AdminDashboard: () => import('../islands/AdminDashboard.tsx'),
};
