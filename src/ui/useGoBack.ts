import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Back like the browser's button when there is an in-app page to go back to; otherwise (a link
 * opened from outside, a reload) to `fallback`, so the back button never leaves the app.
 */
export function useGoBack(fallback: string = '/home'): () => void {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return useCallback(() => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: fallback, replace: true });
  }, [canGoBack, router, fallback]);
}
