// Where a copied text is going: WeChat's editor (outside links become numbered references)
// or any rich-text editor (Zhihu, Medium, Substack: links kept).
export const copyTargets = ['wechat', 'rich'] as const;
export type CopyTarget = (typeof copyTargets)[number];
