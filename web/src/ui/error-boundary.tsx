import { Component, type ReactNode } from 'react';

interface Props {
  readonly fallback: (retry: () => void) => ReactNode;
  readonly children: ReactNode;
}

/** Catches a screen that fails to render or whose chunk fails to load, and offers a retry. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback(() => this.setState({ failed: false }));
    return this.props.children;
  }
}
