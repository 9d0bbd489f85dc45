/** 404 page: logs the attempted path (spec section 2). */
export default function mount(): void {
  console.warn('404 Error: User attempted to access non-existent route:', location.pathname);
}
