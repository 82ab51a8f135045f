// Liquid tags of Hexo and Jekyll bodies made Markdown, or kept and named.
import { describe, expect, it } from 'vitest';
import { convertLiquidTags } from './convert-liquid-tags';

describe('convertLiquidTags', () => {
  it('unwraps raw, fences highlight and codeblock, and leaves code as written', () => {
    const input = ['{% raw %}{{ not a variable }}{% endraw %}', '{% highlight ruby %}', 'puts "{% asset_img x.png %}"', '{% endhighlight %}', '```', '{% include a.html %}', '```'].join('\n');
    expect(convertLiquidTags(input)).toEqual({
      markdown: ['{{ not a variable }}', '```ruby', 'puts "{% asset_img x.png %}"', '```', '```', '{% include a.html %}', '```'].join('\n'),
      kept: [],
    });
  });

  it('turns asset tags, link and site-relative image paths into Markdown, and names what it keeps', () => {
    const input = [
      '{% asset_img "cover photo.jpg" "The cover" %}',
      '[Read]({% link _posts/2024-01-01-hello.md %}) [About]({% link about.md %}) {% asset_link notes.pdf Notes %}',
      '![A]({{ "/assets/a.png" | relative_url }}) ![B]({{ site.baseurl }}/assets/b.png)',
      '{% youtube abc %}',
    ].join('\n');
    expect(convertLiquidTags(input)).toEqual({
      markdown: ['![The cover](<cover photo.jpg>)', '[Read]({% link _posts/2024-01-01-hello.md %}) [About](/about) [Notes](notes.pdf)', '![A](/assets/a.png) ![B](/assets/b.png)', '{% youtube abc %}'].join('\n'),
      kept: ['link', 'youtube'],
    });
  });
});
