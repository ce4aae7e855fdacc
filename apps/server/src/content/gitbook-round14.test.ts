// The fourteenth round of GitBook-synced repositories (docs/git-sync.md): how GitBook writes what they held, on our own text.
import { describe, expect, it } from 'vitest';
import type { TableBlock, Text } from './document.js';
import { documentToMarkdown, markdownToDocument, normalizeMarkdown } from './index.js';

const cellTexts = (md: string): string[][] =>
  (markdownToDocument(md).nodes[0] as TableBlock).nodes.map((row) => row.nodes.map((cell) => cell.nodes.map((n) => (n as Text).leaves?.map((l) => l.text).join('') ?? '').join('')));

describe('pipe table widths', () => {
  it('counts UTF-16 code units, not display width: Hangul and Han cells are padded by their length', () => {
    const md = '| 설정    | 설명          |\n| ----- | ----------- |\n| 대상 셀  | 속성을 설정할 셀입니다 |\n| 데이터 검증 | 값        |\n';
    // (A hand-written table: not padded the GitBook way, so it is written padded by length.)
    expect(normalizeMarkdown(md)).toBe('| 설정     | 설명           |\n| ------ | ------------ |\n| 대상 셀   | 속성을 설정할 셀입니다 |\n| 데이터 검증 | 값            |\n');
    // Padded as GitBook pads: each cell to its column's longest `length` (a display-width padding would differ).
    const rows = [['参数', '类型', '说明'], ['页面标识符', 'string', '页面加载完成后调用的回调函数。'], ['fn', 'function', '无']];
    const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => (r[c] as string).length)));
    const line = (cells: string[]) => `|${cells.map((x, c) => ` ${x.padEnd(widths[c] as number)} |`).join('')}`;
    const gitbook = [line(rows[0] as string[]), `|${widths.map((w) => ` ${'-'.repeat(w)} |`).join('')}`, line(rows[1] as string[]), line(rows[2] as string[])].join('\n') + '\n';
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
  });

  it('reads a column wider than its longest cell as that cell\'s trailing white space, and writes it back so', () => {
    // GitBook writes a cell's trailing spaces as they are, counted in its column's width.
    const md = '| 매개변수  | 형식       | 설명         |\n| ----- | -------- | ---------- |\n| fn    | function | 콜백 함수입니다.  |\n';
    expect(cellTexts(md)).toEqual([['매개변수 ', '형식', '설명'], ['fn', 'function', '콜백 함수입니다. ']]);
    expect(normalizeMarkdown(md)).toBe(md);
    const english = '| Capability        | Method | Description                 |\n| ----------------- | ------ | --------------------------- |\n| [List](list.md)   | GET    | Gets a list.                |\n| [Create](make.md) | POST   | Creates a new template.     |\n';
    expect(normalizeMarkdown(english)).toBe(english);
    expect(cellTexts(english)[2]?.[2]).toBe('Creates a new template.    ');
  });

  it('gives the extra width to the first longest cell only, and only in a table padded the GitBook way', () => {
    expect(cellTexts('| ab   | x |\n| ---- | - |\n| cd   | y |\n')).toEqual([['ab  ', 'x'], ['cd', 'y']]);
    // Rows not padded to the delimiter's width, a delimiter without its spaces, centred least widths: nothing added.
    expect(cellTexts('| ab   | x |\n| ---- | - |\n| cd | y |\n')).toEqual([['ab', 'x'], ['cd', 'y']]);
    expect(cellTexts('| ab   | x |\n|----| - |\n| cd   | y |\n')).toEqual([['ab', 'x'], ['cd', 'y']]);
    expect(cellTexts('| a   |\n| :-: |\n| b   |\n')).toEqual([['a'], ['b']]);
  });

  it('writes other trailing spaces as &#x20;, so that every document reads back the same', () => {
    const doc = markdownToDocument('| a | b |\n| - | - |\n| c | d |\n');
    const setText = (row: number, col: number, value: string) => {
      const cell = (doc.nodes[0] as TableBlock).nodes[row]?.nodes[col];
      ((cell?.nodes[0] as Text).leaves[0] as { text: string }).text = value;
    };
    setText(0, 0, 'head  ');
    setText(1, 0, 'longer one ');
    setText(1, 1, 'd ');
    // `longer one` is no longest cell once its space is left out (`head &#x20;` is longer): every space encoded.
    let md = documentToMarkdown(doc);
    expect(md).toBe('| head &#x20;      | b       |\n| ---------------- | ------- |\n| longer one&#x20; | d&#x20; |\n');
    expect(cellTexts(md)).toEqual([['head  ', 'b'], ['longer one ', 'd ']]);
    expect(normalizeMarkdown(md)).toBe(md);
    setText(0, 0, 'a');
    setText(1, 0, 'longer one  ');
    setText(0, 1, 'bb ');
    md = documentToMarkdown(doc);
    expect(md).toBe('| a            | bb&#x20; |\n| ------------ | -------- |\n| longer one   | d&#x20;  |\n');
    expect(cellTexts(md)).toEqual([['a', 'bb '], ['longer one  ', 'd ']]);
    expect(normalizeMarkdown(md)).toBe(md);
  });
});

describe('braces', () => {
  it('escapes a pair of braces in text as GitBook does, not in code', () => {
    const md = 'Bind it with \\{{ Input1.text \\}} or \\{{x\\}}, not `{{y}}`.\n\n* [\\{{\\}} bindings](bindings.md)\n';
    expect(normalizeMarkdown(md)).toBe(md);
    expect(normalizeMarkdown('Bind {{ a }} and { b }.\n')).toBe('Bind \\{{ a \\}} and { b }.\n');
    expect(JSON.stringify(markdownToDocument(md))).toContain('Bind it with {{ Input1.text }} or {{x}}, not ');
  });
});

describe('footnote definitions', () => {
  it('writes an empty one with the space after the colon, and a one-line HTML block on the label\'s line', () => {
    for (const md of [
      'Note[^1] here.\n\n[^1]: \n',
      'Scan it[^1].\n\n[^1]: <img src="qr.png" alt="" data-size="original">\n',
    ]) expect(normalizeMarkdown(md)).toBe(md);
  });
});

describe('emphasis next to Chinese, Japanese and Korean text', () => {
  it('reads bold closed after punctuation right before a CJK letter (GitBook 2023-2024) as bold', () => {
    for (const md of [
      '**设置理念：**面向开发者的平台。\n',
      '* **是否必填，**这里的标识很关键\n',
      '这是**「重要」**です。\n',
      '**한글 "말")**들이 있다\n',
      '오류 **(주의)**를 확인하세요.\n',
    ]) {
      const doc = markdownToDocument(md, { keys: false });
      expect(JSON.stringify(doc)).toContain('"bold"');
      expect(JSON.stringify(doc)).not.toContain('**');
      // Written as GitBook writes it since 2025 (the letter next to the delimiter encoded, as CommonMark needs), which
      // reads back the same.
      expect(markdownToDocument(normalizeMarkdown(md), { keys: false })).toEqual(doc);
    }
    expect(normalizeMarkdown('**设置理念：**面向开发者的平台。\n')).toBe('**设置理念：**&#x9762;向开发者的平台。\n');
    for (const md of ['3. **主镜头同步：**&#x5C06;同步线插入主镜头背面。\n', '데이터 형식은 일관되어야 합니&#xB2E4;**.**\n']) expect(normalizeMarkdown(md)).toBe(md);
  });

  it('reads text without CJK characters as CommonMark does', () => {
    expect(normalizeMarkdown('a **x.**y\n')).toBe('a \\*\\*x.\\*\\*y\n');
    expect(normalizeMarkdown('中**a.**b\n')).toBe('中\\*\\*a.\\*\\*b\n');
    expect(normalizeMarkdown('**bold**word and **done.** Next\n')).toBe('**bold**word and **done.** Next\n');
  });
});
