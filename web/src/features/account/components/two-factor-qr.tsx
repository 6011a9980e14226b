import { useEffect, useState } from 'react';

/**
 * The otpauth:// link as a QR code for an authenticator app to scan, drawn by
 * the `qrcode` library. Loaded in the browser only, when a secret is shown.
 */
export function TwoFactorQr({ otpauthUrl }: { otpauthUrl: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 200 }))
      .then((url) => {
        if (current) setDataUrl(url);
      });
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return dataUrl ? (
    <img
      src={dataUrl}
      width={200}
      height={200}
      alt="QR code to scan with your authenticator app"
      className="rounded-md border border-slate-200"
      data-testid="two-factor-qr"
    />
  ) : (
    <div className="h-[200px] w-[200px] rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" />
  );
}
