import { useMode, useUrlState } from './url-state';

/** The test/live switch of a page whose data has a mode; its value is the URL's `mode`. */
export function ModeSwitch() {
  const mode = useMode();
  const { set } = useUrlState();
  return (
    <fieldset className="mode-switch">
      <legend>Mode</legend>
      {(['live', 'test'] as const).map((value) => (
        <label key={value}>
          <input
            type="radio"
            name="mode"
            value={value}
            checked={mode === value}
            onChange={() => set({ mode: value === 'live' ? undefined : 'test', cursor: undefined })}
          />
          {value === 'live' ? 'Live' : 'Test'}
        </label>
      ))}
    </fieldset>
  );
}
