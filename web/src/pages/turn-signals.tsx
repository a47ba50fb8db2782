/**
 * "Your turn" reaches a player whose page is not in front of them: the tab's title says it, and, if they
 * agreed once (the browser asks a single time, on a click of theirs), a browser notification does too
 * while the tab is hidden.
 */
import { useEffect, useState } from 'react';

const ASKED_KEY = 'portolan.notifications-asked';
const BASE_TITLE = 'Portolan';

/** The tab's title while this component lives: `title`, back to "Portolan" after. */
export function useTabTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BASE_TITLE}` : BASE_TITLE;
    return () => {
      document.title = BASE_TITLE;
    };
  }, [title]);
}

const supported = () => typeof Notification !== 'undefined';

/** Shows a notification when `due` turns true while the tab is hidden (and the player allowed them). */
export function useTurnNotification(due: boolean, body: string): void {
  useEffect(() => {
    if (!due || !supported() || Notification.permission !== 'granted' || !document.hidden) return;
    const note = new Notification('Your turn', { body, tag: 'portolan-turn' });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }, [due, body]);
}

/** An offer to turn notifications on: shown until the player answered it once (either way). */
export function NotificationOffer() {
  const [asked, setAsked] = useState(() => !supported() || Notification.permission !== 'default' || localStorage.getItem(ASKED_KEY) === 'yes');
  if (asked) return null;
  const answer = async (wanted: boolean) => {
    localStorage.setItem(ASKED_KEY, 'yes');
    setAsked(true);
    if (wanted) await Notification.requestPermission();
  };
  return (
    <p className="notify-offer" data-testid="notify-offer">
      Get a browser notification when it is your turn and this tab is in the background?{' '}
      <button type="button" onClick={() => void answer(true)}>Notify me</button>{' '}
      <button type="button" className="secondary" onClick={() => void answer(false)}>No, thanks</button>
    </p>
  );
}
