import { setEditMode, toggleEditMode, useEditMode, useEditModeShortcut } from '@/lib/edit-mode';

/**
 * The admin's edit-content-mode switch: the same state the Ctrl/Cmd+Alt+E
 * shortcut flips, which it also listens for while mounted.
 */
export function EditModeToggle() {
  const on = useEditMode();
  useEditModeShortcut(toggleEditMode);
  return (
    <label className="staff-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => setEditMode(e.currentTarget.checked)}
        aria-describedby="edit-mode-hint"
      />
      <span className="staff-switch__track" aria-hidden="true" />
      <span>Edit content mode</span>
      <span id="edit-mode-hint" className="visually-hidden">
        Shortcut: Control or Command, Alt and E
      </span>
    </label>
  );
}
