/**
 * The signed-in frame (sidebar, top bar, their menus) is a chunk of the shell's own (app/router.tsx),
 * which the login page never renders. The login asks for it on submit, so it arrives while the server
 * checks the password (docs/architecture.md §6). Modules never import the shell, so the shell says
 * here how to fetch it.
 */
let load: (() => Promise<unknown>) | undefined;

export function provideSignedInShell(loader: () => Promise<unknown>): void {
  load = loader;
}

/** Starts fetching the signed-in frame; a failure shows later, when the frame itself is rendered. */
export const preloadSignedInShell = (): void => void load?.().catch(() => undefined);
