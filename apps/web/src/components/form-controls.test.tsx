import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormControls } from './form-fields';

function Form({ onSend }: { onSend: (email: string) => void }) {
  return (
    <form
      aria-label="Ask"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(new FormData(event.currentTarget).get('email') as string);
      }}
    >
      <FormControls>
        <label>
          E-mail <input name="email" />
        </label>
        <button type="submit">Send</button>
      </FormControls>
    </form>
  );
}

describe('FormControls', () => {
  it('drawn by the server, the controls are disabled: nothing can be typed or sent before the app runs', () => {
    const html = renderToString(<Form onSend={() => undefined} />);
    expect(html).toMatch(/<fieldset[^>]* disabled=""/);
  });

  it('in the browser the controls work', async () => {
    const sent: string[] = [];
    render(<Form onSend={(email) => sent.push(email)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual(['ada@example.com']);
  });
});
