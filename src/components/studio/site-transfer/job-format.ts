// Shared by the server-rendered list and the client panels: where a job's file is
// downloaded from, and a size as the reader's language writes it.
export const downloadUrl = (id: string) => `/api/v1/studio/site-jobs/${id}/file`;

export function formatSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1024 ** 3 ? [bytes / 1024 ** 3, 'gigabyte'] : bytes >= 1024 ** 2 ? [bytes / 1024 ** 2, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
