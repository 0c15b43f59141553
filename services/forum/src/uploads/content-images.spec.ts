import { sanitizeContent } from '@forum/platform';
import { ownImageCount } from './content-images';

describe('images a topic embeds from the site storage', () => {
  it('counts own images, not outside ones, after sanitizing', () => {
    const html = sanitizeContent(
      '<p><img src="/api/files/forum/images/aa.png"><img src="https://img.example/x.png"></p>' +
        "<img alt='x' src='/api/files/forum/images/bb.gif'><img src=\"javascript:alert(1)\">",
      { imageHosts: ['img.example'] },
    );
    expect(ownImageCount(html)).toBe(2);
    expect(ownImageCount('<p>none</p>')).toBe(0);
  });
});
