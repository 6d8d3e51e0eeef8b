/** One <option> per value, labelled with the value itself (customer types, task groups, note headings). */
export function ValueOptions({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}
