/** A status in words with its colour; the words carry the meaning, the colour only repeats it. */
export function StatusPill(props: {
  status: { text: string; tone: string } | undefined;
  raw: string;
}) {
  const status = props.status ?? { text: props.raw, tone: '' };
  return <span class={`pay-status ${status.tone}`}>{status.text}</span>;
}
