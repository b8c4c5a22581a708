/** The page the host serves as the local stand-in for Google's sign-in popup. */
const ACCOUNT_CHOOSER_PATH = '/account-chooser.html';

const MESSAGE_TYPE = 'loofi:account-chosen';
const CLOSED_POLL_MS = 250;

interface AccountChosenMessage {
  type: typeof MESSAGE_TYPE;
  email: string;
}

function isAccountChosen(data: unknown): data is AccountChosenMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === MESSAGE_TYPE &&
    typeof (data as { email?: unknown }).email === 'string'
  );
}

/**
 * Opens the local account chooser in a popup, as Google's sign-in would: resolves the
 * e-mail the owner continued with, or null when the popup was closed without it. Only a
 * message from that very popup, on this origin, is believed.
 */
export function openAccountChooser(path = ACCOUNT_CHOOSER_PATH): Promise<string | null> {
  const popup = window.open(path, 'loofi-account-chooser', 'popup,width=440,height=560');
  if (!popup) return Promise.reject(new Error('The sign-in popup was blocked by the browser.'));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (email: string | null) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      resolve(email);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (isAccountChosen(event.data)) finish(event.data.email);
    };
    const closedPoll = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedPoll);
      // The popup closes itself right after posting; let a message in flight land first.
      window.setTimeout(() => finish(null), CLOSED_POLL_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}

/** Called by the chooser page: hands the chosen e-mail to the window that opened it. */
export function returnChosenAccount(email: string): boolean {
  const opener = window.opener as Window | null;
  if (!opener) return false;
  const message: AccountChosenMessage = { type: MESSAGE_TYPE, email };
  opener.postMessage(message, window.location.origin);
  window.close();
  return true;
}
