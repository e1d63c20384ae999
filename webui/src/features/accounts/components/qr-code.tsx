import { useEffect, useState } from 'react';

// The otpauth:// URI as a QR code, drawn here (SVG) by the qrcode package: the secret never
// leaves the browser for a QR service. The package loads with the component that shows it.
export function QrCode({ value, size = 200 }: { value: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import(/* webpackChunkName: "qrcode" */ 'qrcode').then((qr) =>
      qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <div style={{ width: size, height: size }} aria-busy="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={size}
      height={size}
      alt="認証アプリで読み取るQRコード"
      data-testid="two-factor-qr"
    />
  );
}
