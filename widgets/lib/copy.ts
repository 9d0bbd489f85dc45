/**
 * Labels the widgets show, passed in as island props from content/widgets.json
 * (validated by WidgetCopy in generator/content/schemas.ts). The spec's fixed
 * messages (toasts, validation) live in messages.ts instead.
 */
export interface FieldCopy {
  label: string;
  placeholder?: string;
}

export interface ContactCopy {
  name: FieldCopy;
  email: FieldCopy;
  company: FieldCopy;
  message: FieldCopy;
  submit: string;
  submitting: string;
}

export interface WaitlistCopy {
  name: FieldCopy;
  email: FieldCopy;
  favorite_part: FieldCopy;
  desired_features: FieldCopy;
  willing_to_give_feedback: FieldCopy;
  submit: string;
  successTitle: string;
  /** "{position}" is replaced by the visitor's position. */
  successPosition: string;
  successNote: string;
  backHome: string;
}

export interface AuthCopy {
  signInTitle: string;
  signUpTitle: string;
  email: FieldCopy;
  password: FieldCopy;
  signIn: string;
  signUp: string;
  toSignUp: string;
  toSignIn: string;
}

export interface AdminCopy {
  title: string;
  loading: string;
  columns: { name: string; email: string; company: string; message: string; date: string };
  goHome: string;
  signOut: string;
}
