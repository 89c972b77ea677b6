// What tells an agent a visitor is waiting while their eyes are elsewhere: a
// short beep (WebAudio, no sound file) and, when they allowed it, a browser
// notification. Browsers start audio only after a user gesture on the page,
// so the first click or key press anywhere readies the sound.

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  context ??= new AudioContext();
  return context;
}

function ready(): void {
  void audio()
    ?.resume()
    .catch(() => undefined);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', ready, { once: true, capture: true });
  window.addEventListener('keydown', ready, { once: true, capture: true });
}

/** A two-tone beep of a third of a second; silent where the browser has not allowed sound yet. */
export function beep(): void {
  const sound = audio();
  if (!sound) return;
  if (sound.state === 'suspended') void sound.resume().catch(() => undefined);
  const start = sound.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.16, 1175],
  ] as const) {
    const tone = sound.createOscillator();
    const volume = sound.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    // Ramped in and out: a tone cut at full volume clicks.
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    tone.connect(volume).connect(sound.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.16);
  }
}

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser's permission: call it from a click, browsers ignore (or penalise) asking unprompted. */
export async function askForNotifications(): Promise<NotificationState> {
  ready();
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** A system notification when allowed and the page is not what the person is looking at; a click brings it up. */
export function notify({
  title,
  body,
  tag,
  onClick,
}: {
  title: string;
  body: string;
  tag: string;
  onClick(): void;
}): void {
  if (notificationState() !== 'granted' || document.hasFocus()) return;
  // One per tag (a conversation): a second tab of the console replaces it rather than adding another.
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}
