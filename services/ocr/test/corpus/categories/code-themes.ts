/** Editor colour themes (after VS Code's Light+, Dark+, GitHub, Solarized, One Dark and Monokai). */

export interface CodeTheme {
  name: string;
  dark: boolean;
  bg: string;
  text: string;
  keyword: string;
  string: string;
  number: string;
  comment: string;
  fn: string;
  type: string;
  gutter: string;
  rail: string;
  railIcon: string;
  tabBar: string;
  accent: string;
}

export const CODE_THEMES: CodeTheme[] = [
  {
    name: 'Light+',
    dark: false,
    bg: '#ffffff',
    text: '#1f1f1f',
    keyword: '#0000ff',
    string: '#a31515',
    number: '#098658',
    comment: '#008000',
    fn: '#795e26',
    type: '#267f99',
    gutter: '#237893',
    rail: '#2c2c2c',
    railIcon: '#858585',
    tabBar: '#f3f3f3',
    accent: '#005fb8',
  },
  {
    name: 'GitHub Light',
    dark: false,
    bg: '#ffffff',
    text: '#24292f',
    keyword: '#cf222e',
    string: '#0a3069',
    number: '#0550ae',
    comment: '#6e7781',
    fn: '#8250df',
    type: '#953800',
    gutter: '#8c959f',
    rail: '#f6f8fa',
    railIcon: '#8c959f',
    tabBar: '#f6f8fa',
    accent: '#fd8c73',
  },
  {
    name: 'Solarized Light',
    dark: false,
    bg: '#fdf6e3',
    text: '#586e75',
    keyword: '#859900',
    string: '#2aa198',
    number: '#d33682',
    comment: '#93a1a1',
    fn: '#268bd2',
    type: '#b58900',
    gutter: '#93a1a1',
    rail: '#eee8d5',
    railIcon: '#93a1a1',
    tabBar: '#eee8d5',
    accent: '#b58900',
  },
  {
    name: 'Dark+',
    dark: true,
    bg: '#1e1e1e',
    text: '#d4d4d4',
    keyword: '#569cd6',
    string: '#ce9178',
    number: '#b5cea8',
    comment: '#6a9955',
    fn: '#dcdcaa',
    type: '#4ec9b0',
    gutter: '#858585',
    rail: '#333333',
    railIcon: '#858585',
    tabBar: '#252526',
    accent: '#0078d4',
  },
  {
    name: 'One Dark',
    dark: true,
    bg: '#282c34',
    text: '#abb2bf',
    keyword: '#c678dd',
    string: '#98c379',
    number: '#d19a66',
    comment: '#7f848e',
    fn: '#61afef',
    type: '#e5c07b',
    gutter: '#636d83',
    rail: '#21252b',
    railIcon: '#636d83',
    tabBar: '#21252b',
    accent: '#528bff',
  },
  {
    name: 'Monokai',
    dark: true,
    bg: '#272822',
    text: '#f8f8f2',
    keyword: '#f92672',
    string: '#e6db74',
    number: '#ae81ff',
    comment: '#88846f',
    fn: '#a6e22e',
    type: '#66d9ef',
    gutter: '#90908a',
    rail: '#1e1f1c',
    railIcon: '#75715e',
    tabBar: '#1e1f1c',
    accent: '#f92672',
  },
];
