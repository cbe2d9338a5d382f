// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EditableTitle } from './editable-title.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function setup(onSave = vi.fn(async (_title: string) => {})) {
  render(<EditableTitle title="Old title" onSave={onSave} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit title: Old title' }));
  const input = screen.getByRole('textbox', { name: 'Note title' }) as HTMLInputElement;
  return { onSave, input };
}

describe('EditableTitle', () => {
  it('starts in display mode and the pencil opens edit mode with the current title', () => {
    const { input } = setup();
    expect(input.value).toBe('Old title');
  });

  it('saves the trimmed title on Enter', async () => {
    const { onSave, input } = setup();
    fireEvent.change(input, { target: { value: '  New title  ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('New title');
  });

  it('gives the focus back to the pencil once editing ends, saved or cancelled', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'New title' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit title: Old title' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Old title' }));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note title' }), { key: 'Escape' });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit title: Old title' }));
  });

  it('saves on blur', async () => {
    const { onSave, input } = setup();
    fireEvent.change(input, { target: { value: 'Blurred title' } });
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(onSave).toHaveBeenCalledWith('Blurred title');
  });

  it('Escape cancels, restores the old title and makes no call (even with the blur that follows)', async () => {
    const { onSave, input } = setup();
    fireEvent.change(input, { target: { value: 'Discard me' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Escape' });
      fireEvent.blur(input);
    });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Old title' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('an empty title reverts and an unchanged title makes no call', async () => {
    const { onSave, input } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(screen.getByRole('heading', { name: 'Old title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Old title' }));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note title' }), { key: 'Enter' });
    });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('disables the input while saving', async () => {
    let finish: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { input } = setup(onSave);
    fireEvent.change(input, { target: { value: 'Slow save' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect((screen.getByRole('textbox', { name: 'Note title' }) as HTMLInputElement).disabled).toBe(true);
    await act(async () => finish());
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps a title typed and not saved for this tab: leaving and coming back opens the field with it', async () => {
    const onSave = vi.fn(async (_title: string) => {});
    const first = render(<EditableTitle title="Old title" draftKey="7" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Old title' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note title' }), { target: { value: 'Typed offline' } });
    first.unmount(); // the user leaves the page without saving

    render(<EditableTitle title="Old title" draftKey="7" onSave={onSave} />);
    const input = screen.getByRole('textbox', { name: 'Note title' }) as HTMLInputElement;
    expect(input.value).toBe('Typed offline');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSave).toHaveBeenCalledWith('Typed offline');
    expect(sessionStorage.length).toBe(0);
  });

  it('drops the kept title when editing is cancelled, and keeps nothing for another note', () => {
    render(<EditableTitle title="Old title" draftKey="7" onSave={vi.fn(async () => {})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Old title' }));
    const input = screen.getByRole('textbox', { name: 'Note title' });
    fireEvent.change(input, { target: { value: 'Not wanted' } });
    expect(sessionStorage.length).toBe(1);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(sessionStorage.length).toBe(0);
    cleanup();
    render(<EditableTitle title="Other" draftKey="8" onSave={vi.fn(async () => {})} />);
    expect(screen.queryByRole('textbox', { name: 'Note title' })).toBeNull();
  });
});
