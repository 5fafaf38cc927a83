/**
 * Konsta's Material markup, drawn by our own components on the first screens (home, login, Me):
 * the app frame (app/Root.tsx), the tab bar, every screen's frame (Screen.tsx), the spinner and the
 * buttons of those screens. Konsta's components merge their classes with tailwind-merge, whose first
 * call builds its whole class table in one long task on a phone (about 50 ms here), and some render
 * twice (Segmented places its highlight in an effect). The markup and classes here are the ones
 * Konsta renders for the same props, so those screens look as Konsta draws them; later screens keep
 * Konsta's components. See docs/architecture.md, "What the first screen runs".
 */

/** The classes every Konsta button shares (Button, SegmentedButton): full width, rounded, centred. */
export const KONSTA_BUTTON =
  'k-button relative z-10 flex w-full cursor-pointer appearance-none items-center justify-center overflow-hidden rounded-full px-4 py-1 text-center font-medium transition-colors select-none focus:outline-none';
