/** Class names of the one button style: variant and size. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'light';

export function buttonClass(variant: ButtonVariant = 'secondary', size?: 'lg'): string {
  return ['button', `button-${variant}`, size ? `button-${size}` : ''].filter(Boolean).join(' ');
}
