import type { ReactNode } from 'react';
import { RestoProvider } from '@resto/react/next';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <RestoProvider>{children}</RestoProvider>
      </body>
    </html>
  );
}
