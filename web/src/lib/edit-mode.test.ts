import { describe, expect, it } from 'vitest';
import { isEditModeShortcut, isEditMode, setEditMode, toggleEditMode } from './edit-mode';

const key = (over: Partial<KeyboardEvent>) =>
  ({ code: 'KeyE', key: 'e', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over }) as KeyboardEvent;

describe('edit mode', () => {
  it('recognises Ctrl+Alt+E and Cmd+Alt+E, whatever character Alt produces', () => {
    expect(isEditModeShortcut(key({ ctrlKey: true, altKey: true }))).toBe(true);
    expect(isEditModeShortcut(key({ metaKey: true, altKey: true, key: '´' }))).toBe(true);
    expect(isEditModeShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isEditModeShortcut(key({ altKey: true }))).toBe(false);
    expect(isEditModeShortcut(key({ ctrlKey: true, altKey: true, shiftKey: true }))).toBe(false);
    expect(isEditModeShortcut(key({ ctrlKey: true, altKey: true, code: 'KeyR', key: 'r' }))).toBe(false);
  });

  it('toggles one state for the tab', () => {
    setEditMode(false);
    toggleEditMode();
    expect(isEditMode()).toBe(true);
    toggleEditMode();
    expect(isEditMode()).toBe(false);
  });
});
