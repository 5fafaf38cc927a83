/**
 * What the frame puts at the end of every screen's navbar, after the screen's own action: the
 * shell gives the support button there (app/SupportButton.tsx), so that it never floats over a
 * screen's content. The UI kit knows nothing of what it is.
 */
import { createContext, type ReactNode } from 'react';

export const NavbarEndContext = createContext<ReactNode>(null);
