export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium text-blue-700 underline hover:text-blue-800">
      {address}
    </a>
  );
}
