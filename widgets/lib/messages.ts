/** The spec's fixed messages (section 8), letter for letter. One place. */
export const messages = {
  contactFailed: { title: 'Error', description: 'Failed to send message. Please try again.' },
  contactSent: { title: 'Message sent!', description: "We'll get back to you as soon as possible." },
  unexpected: 'An unexpected error occurred.',
  signedIn: { title: 'Welcome back!', description: "You've successfully signed in." },
  signedUp: { title: 'Account created!', description: 'Please check your email to confirm your account.' },
  authErrorTitle: 'Error',
  adminCheckFailed: 'Failed to verify admin status.',
  noAdminRole: { title: 'Access Denied', description: "You don't have admin privileges." },
  accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
  listFailed: 'Failed to load contact submissions.',
  listEmpty: 'No contact submissions yet.',
  total: (n: number) => `Total submissions: ${n}`,
  waitlistDuplicate: { title: 'Already registered', description: 'This email is already on the waitlist!' },
  waitlistValidationTitle: 'Validation Error',
  waitlistFailed: { title: 'Error', description: 'Something went wrong. Please try again.' },
  waitlistJoined: { title: "You're on the list!", description: "We'll notify you when we launch." },
  joining: 'Joining...',
  loading: 'Loading...',
} as const;

/** Waitlist position shown = total row count + 64 (spec section 9). */
export const WAITLIST_POSITION_OFFSET = 64;
