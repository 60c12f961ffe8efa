// Whether this page asked the browser for its "Leave site?" prompt (useLeaveWarning asks while something would be
// lost): a page unloading after that was left by a user who was told what would be lost and chose to go. Browsers
// without the prompt (every browser on iOS) never ask. Read by the drafts (lib/drafts.ts).
let asked = false;

export function noteLeavePromptAsked(): void {
  asked = true;
}

export const leavePromptWasAsked = (): boolean => asked;
