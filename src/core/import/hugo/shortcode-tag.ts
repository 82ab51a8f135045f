// One shortcode tag as the converter finds it in a page (`{{< name args >}}` or
// `{{% name %}}`), shared by the converter and its block converters.
export interface Tag {
  start: number;
  end: number;
  percent: boolean;
  escaped: boolean;
  name: string;
  closing: boolean;
  args: string[];
  named: Record<string, string>;
  raw: string;
}
