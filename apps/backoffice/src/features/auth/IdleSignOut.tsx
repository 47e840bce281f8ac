import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@lending/ui';
import { useLogout } from './useLogout';

/** Signed out after this long without a key, click, touch or scroll in any tab (ROLES.md §3). */
export const IDLE_SIGN_OUT_MS = 30 * 60_000;
/** The warning comes this long before. */
export const IDLE_WARNING_MS = 60_000;
/** Every tab of the browser writes its users' activity here, so working in one keeps all signed in. */
export const ACTIVITY_KEY = 'lending.backoffice.activity';

// Moving the mouse is not activity: a pointer resting on the screen would keep a session open.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const RECORD_EVERY_MS = 5_000;
const CHECK_EVERY_MS = 1_000;

function storedActivity(): number {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function storeActivity(at: number): void {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Storage refused (private mode, quota): this tab still counts its own activity.
  }
}

/**
 * Signs staff out after 30 minutes without activity in any tab, warning a minute before with a
 * way to stay. Rendered once inside the signed-in part of the back-office.
 */
export function IdleSignOut() {
  const logout = useLogout();
  const lastActivity = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    const start = Date.now();
    lastActivity.current = start;
    storeActivity(start);
    let lastRecorded = start;
    const record = () => {
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastRecorded >= RECORD_EVERY_MS) {
        lastRecorded = now;
        storeActivity(now);
      }
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, record, { passive: true, capture: true });
    let signingOut = false;
    const timer = window.setInterval(() => {
      const idle = Date.now() - Math.max(lastActivity.current, storedActivity());
      if (idle >= IDLE_SIGN_OUT_MS) {
        if (!signingOut) {
          signingOut = true;
          void logout('idle');
        }
      } else if (idle >= IDLE_SIGN_OUT_MS - IDLE_WARNING_MS) {
        setSecondsLeft(Math.ceil((IDLE_SIGN_OUT_MS - idle) / 1000));
      } else {
        setSecondsLeft(null);
      }
    }, CHECK_EVERY_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, record, { capture: true });
      window.clearInterval(timer);
    };
  }, [logout]);

  const stay = () => {
    const now = Date.now();
    lastActivity.current = now;
    storeActivity(now);
    setSecondsLeft(null);
  };

  return (
    <Dialog open={secondsLeft !== null} onClose={stay} title="Blíží se odhlášení">
      <p role="timer" aria-live="polite">
        Delší dobu jste nic nedělali. Z bezpečnostních důvodů vás za {secondsLeft ?? 0} s odhlásíme.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={stay}>
          Zůstat přihlášen
        </button>
      </div>
    </Dialog>
  );
}
