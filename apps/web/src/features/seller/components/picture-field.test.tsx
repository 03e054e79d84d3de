import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** Each upload waits until the test lets it finish. */
const uploads: { finish(url: string): void }[] = [];
vi.mock('../../../shared/api/upload.ts', () => ({
  uploadImage: () =>
    new Promise<{ url: string }>((resolve) => {
      uploads.push({ finish: (url) => resolve({ url }) });
    }),
}));
const { PictureField, useUploadingFields } = await import('./picture-field.tsx');

function Form({ onValue }: { onValue(value: string[]): void }) {
  const pictures = useUploadingFields();
  return (
    <form>
      <PictureField
        label="Logo"
        purpose="shop"
        max={1}
        value={[]}
        onChange={onValue}
        onUploading={pictures.track('logo')}
      />
      <button type="submit" disabled={pictures.uploading}>
        Save
      </button>
    </form>
  );
}

describe('PictureField', () => {
  it('tells the form it is uploading from the file picked until it is stored', async () => {
    const values: string[][] = [];
    const { container, getByRole } = render(<Form onValue={(value) => values.push(value)} />);
    const input = container.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    const save = getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);

    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    });
    expect(uploads).toHaveLength(1);
    // The picture shows already, but is not the field's value yet: the form must not submit.
    expect(save.disabled).toBe(true);
    expect(values).toEqual([]);

    await act(async () => uploads[0]?.finish('/uploads/shop/logo.webp'));
    expect(save.disabled).toBe(false);
    expect(values.at(-1)).toEqual(['/uploads/shop/logo.webp']);
  });
});
