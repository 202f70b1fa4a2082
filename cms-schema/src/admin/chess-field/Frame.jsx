// The frame every chess input shares: Strapi's label, hint and error (a refused save shows its
// message here), around the board and its controls.
import * as React from 'react';
import { Field, Flex } from '@strapi/design-system';
import { useIntl } from 'react-intl';

export function Frame({ name, label, hint, error, required, problem, children }) {
  const intl = useIntl();
  const text = typeof label === 'object' && label?.id ? intl.formatMessage(label) : label;
  return (
    <Field.Root name={name} id={name} error={error || problem || undefined} hint={hint} required={required}>
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Field.Label>{text}</Field.Label>
        {children}
        <Field.Hint />
        <Field.Error />
      </Flex>
    </Field.Root>
  );
}

export const controls = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' };

export function SmallButton({ children, pressed, ...props }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      style={{
        padding: '4px 10px',
        borderRadius: 4,
        border: '1px solid #8e8ea9',
        background: pressed ? '#4945ff' : '#ffffff',
        color: pressed ? '#ffffff' : '#32324d',
        cursor: 'pointer',
        fontSize: 13,
      }}
      {...props}
    >
      {children}
    </button>
  );
}

export const textInput = {
  width: '100%',
  padding: '8px 10px',
  borderRadius: 4,
  border: '1px solid #c0c0cf',
  fontFamily: 'monospace',
  fontSize: 13,
  boxSizing: 'border-box',
};
