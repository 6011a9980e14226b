/** The web console's alert choices, kept in this browser (the desktop console keeps its own). */
const SOUND_KEY = 'northstar.console.alert-sound';

export function soundEnabled(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(SOUND_KEY, '1');
    else window.localStorage.removeItem(SOUND_KEY);
  } catch {
    // Not remembered; it still applies until the page is reloaded.
  }
}

/** A short two-tone chime, made with Web Audio (no sound file to fetch). */
export function playChime(): void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const now = context.currentTime;
  [880, 660].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, now + index * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.001, now + index * 0.15 + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + index * 0.15);
    oscillator.stop(now + index * 0.15 + 0.15);
  });
  setTimeout(() => void context.close(), 600);
}
