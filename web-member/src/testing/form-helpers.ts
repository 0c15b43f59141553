import { screen, within } from '@testing-library/react';
import { json, type SentRequest } from './fake-fetch';

/** Captchas k1, k2, … with distinct images. */
export function captchas() {
  let issued = 0;
  return () => {
    issued += 1;
    return json(200, {
      captchaKey: `k${issued}`,
      image: `data:image/svg+xml;base64,${btoa(`<svg id="${issued}"/>`)}`,
      expiresInSeconds: 120,
    });
  };
}

/** Answers one after the other (the last one repeats). */
export function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}

/** The input labelled `name`, inside the shown tab panel when there are tabs. */
export function field(name: string): HTMLInputElement {
  const panel = screen.queryByRole('tabpanel');
  return (panel ? within(panel) : screen).getByLabelText<HTMLInputElement>(name, { selector: 'input' });
}

/** The error message tied to an input (`aria-describedby` → `.field__error`), or null. */
export function errorOf(input: HTMLElement): string | null {
  return (
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((element) => element?.classList.contains('field__error'))?.textContent ?? null
  );
}

export const callsTo = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.url.pathname === path);
