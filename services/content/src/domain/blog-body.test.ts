import { renderBody } from './blog-body';

describe('blog bodies', () => {
  it('when an HTML body carries scripts, handlers and javascript: links, then none survive', () => {
    const { body, html } = renderBody(
      'html',
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(2)">x</a>' +
        '<img src="https://img.example/a.png" onerror="alert(3)"><iframe src="https://evil.example"></iframe>',
    );
    expect(html).toBe(body);
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('<img src="https://img.example/a.png" />');
  });

  it('when a Markdown body holds raw HTML, then the source is kept and the rendered HTML is clean', () => {
    const source = '# Goa\n\nBeaches **and** forts.<script>alert(1)</script>\n\n[site](https://goa.example)';
    const { body, html } = renderBody('markdown', source);
    expect(body).toBe(source);
    expect(html).toContain('<h1>Goa</h1>');
    expect(html).toContain('<strong>and</strong>');
    expect(html).toContain('<a href="https://goa.example" rel="noopener noreferrer">site</a>');
    expect(html).not.toMatch(/script|alert/);
  });
});
