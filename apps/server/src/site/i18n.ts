// The published site's own words (the page around the content: search box, "on this page", previous and next, page
// actions, the theme switch, the 404 and search pages) in the language of the customization's
// `internationalization.locale` — GitBook's locales: en, fr, es, zh, ja, de, nl, no, pt-br, ru — as GitBook's pages
// show theirs. Another locale, or none, is English. The content itself is never translated.

export interface UiText {
  skip: string;
  search: string;
  searchPlaceholder: string;
  showNavigation: string;
  navigation: string;
  sections: string;
  variants: string;
  pages: string;
  links: string;
  announcement: string;
  theme: string;
  light: string;
  dark: string;
  auto: string;
  onThisPage: string;
  /** The label of the trail of groups and pages above a page's title. */
  breadcrumbs: string;
  previous: string;
  next: string;
  previousAndNext: string;
  viewMarkdown: string;
  exportPdf: string;
  privacyPolicy: string;
  poweredBy: string;
  pageNotFound: string;
  pageDoesNotExist: string;
  goHome: string;
  /** The 404's "… or search for “x”": the word before the link, and the link's words before the query. */
  or: string;
  searchFor: string;
  /** "3 results for": `{n}` the count. */
  results: (n: number) => string;
  /** The page feedback form (the customization's `feedback.enabled`) and the page after it. */
  wasThisHelpful: string;
  ratingBad: string;
  ratingOk: string;
  ratingGood: string;
  feedbackThanks: string;
  feedbackComment: string;
  feedbackSend: string;
  backToPage: string;
}

const EN: UiText = {
  skip: 'Skip to content', search: 'Search', searchPlaceholder: 'Search…', showNavigation: 'Show the navigation', navigation: 'Navigation',
  sections: 'Sections', variants: 'Variants', pages: 'Pages', links: 'Links', announcement: 'Announcement', theme: 'Theme',
  light: 'Light', dark: 'Dark', auto: 'Auto', onThisPage: 'On this page', breadcrumbs: 'Breadcrumbs', previous: 'Previous', next: 'Next',
  previousAndNext: 'Previous and next pages', viewMarkdown: 'View as Markdown', exportPdf: 'Export as PDF', privacyPolicy: 'Privacy policy',
  poweredBy: 'Powered by Bindery', pageNotFound: 'Page not found', pageDoesNotExist: 'This page does not exist.', goHome: 'Go to the home page',
  or: 'or', searchFor: 'search for', results: (n) => `${n} result${n === 1 ? '' : 's'} for`,
  wasThisHelpful: 'Was this page helpful?', ratingBad: 'No', ratingOk: 'Somewhat', ratingGood: 'Yes', feedbackThanks: 'Thank you for your feedback', feedbackComment: 'Anything we could do better? (optional)', feedbackSend: 'Send', backToPage: 'Back to the page',
};

const TEXTS: Record<string, UiText> = {
  en: EN,
  fr: {
    skip: 'Aller au contenu', search: 'Rechercher', searchPlaceholder: 'Rechercher…', showNavigation: 'Afficher la navigation', navigation: 'Navigation',
    sections: 'Sections', variants: 'Variantes', pages: 'Pages', links: 'Liens', announcement: 'Annonce', theme: 'Thème',
    light: 'Clair', dark: 'Sombre', auto: 'Auto', onThisPage: 'Sur cette page', breadcrumbs: 'Fil d’Ariane', previous: 'Précédent', next: 'Suivant',
    previousAndNext: 'Pages précédente et suivante', viewMarkdown: 'Voir en Markdown', exportPdf: 'Exporter en PDF', privacyPolicy: 'Politique de confidentialité',
    poweredBy: 'Propulsé par Bindery', pageNotFound: 'Page introuvable', pageDoesNotExist: "Cette page n'existe pas.", goHome: "Aller à la page d'accueil",
    or: 'ou', searchFor: 'rechercher', results: (n) => `${n} résultat${n > 1 ? 's' : ''} pour`,
    wasThisHelpful: 'Cette page vous a-t-elle été utile ?', ratingBad: 'Non', ratingOk: 'En partie', ratingGood: 'Oui', feedbackThanks: 'Merci pour votre avis', feedbackComment: 'Que pourrions-nous améliorer ? (facultatif)', feedbackSend: 'Envoyer', backToPage: 'Revenir à la page',
  },
  es: {
    skip: 'Ir al contenido', search: 'Buscar', searchPlaceholder: 'Buscar…', showNavigation: 'Mostrar la navegación', navigation: 'Navegación',
    sections: 'Secciones', variants: 'Variantes', pages: 'Páginas', links: 'Enlaces', announcement: 'Anuncio', theme: 'Tema',
    light: 'Claro', dark: 'Oscuro', auto: 'Auto', onThisPage: 'En esta página', breadcrumbs: 'Ruta de navegación', previous: 'Anterior', next: 'Siguiente',
    previousAndNext: 'Páginas anterior y siguiente', viewMarkdown: 'Ver como Markdown', exportPdf: 'Exportar como PDF', privacyPolicy: 'Política de privacidad',
    poweredBy: 'Creado con Bindery', pageNotFound: 'Página no encontrada', pageDoesNotExist: 'Esta página no existe.', goHome: 'Ir a la página de inicio',
    or: 'o', searchFor: 'buscar', results: (n) => `${n} resultado${n === 1 ? '' : 's'} para`,
    wasThisHelpful: '¿Te resultó útil esta página?', ratingBad: 'No', ratingOk: 'En parte', ratingGood: 'Sí', feedbackThanks: 'Gracias por tu opinión', feedbackComment: '¿Qué podríamos mejorar? (opcional)', feedbackSend: 'Enviar', backToPage: 'Volver a la página',
  },
  de: {
    skip: 'Zum Inhalt springen', search: 'Suchen', searchPlaceholder: 'Suchen…', showNavigation: 'Navigation anzeigen', navigation: 'Navigation',
    sections: 'Bereiche', variants: 'Varianten', pages: 'Seiten', links: 'Links', announcement: 'Ankündigung', theme: 'Design',
    light: 'Hell', dark: 'Dunkel', auto: 'Auto', onThisPage: 'Auf dieser Seite', breadcrumbs: 'Brotkrümelnavigation', previous: 'Zurück', next: 'Weiter',
    previousAndNext: 'Vorherige und nächste Seite', viewMarkdown: 'Als Markdown anzeigen', exportPdf: 'Als PDF exportieren', privacyPolicy: 'Datenschutzerklärung',
    poweredBy: 'Bereitgestellt mit Bindery', pageNotFound: 'Seite nicht gefunden', pageDoesNotExist: 'Diese Seite existiert nicht.', goHome: 'Zur Startseite',
    or: 'oder', searchFor: 'suchen nach', results: (n) => `${n} Ergebnis${n === 1 ? '' : 'se'} für`,
    wasThisHelpful: 'War diese Seite hilfreich?', ratingBad: 'Nein', ratingOk: 'Teilweise', ratingGood: 'Ja', feedbackThanks: 'Danke für Ihr Feedback', feedbackComment: 'Was könnten wir besser machen? (optional)', feedbackSend: 'Senden', backToPage: 'Zurück zur Seite',
  },
  nl: {
    skip: 'Naar de inhoud', search: 'Zoeken', searchPlaceholder: 'Zoeken…', showNavigation: 'Navigatie tonen', navigation: 'Navigatie',
    sections: 'Secties', variants: 'Varianten', pages: "Pagina's", links: 'Links', announcement: 'Aankondiging', theme: 'Thema',
    light: 'Licht', dark: 'Donker', auto: 'Auto', onThisPage: 'Op deze pagina', breadcrumbs: 'Kruimelpad', previous: 'Vorige', next: 'Volgende',
    previousAndNext: "Vorige en volgende pagina's", viewMarkdown: 'Bekijken als Markdown', exportPdf: 'Exporteren als PDF', privacyPolicy: 'Privacybeleid',
    poweredBy: 'Mogelijk gemaakt door Bindery', pageNotFound: 'Pagina niet gevonden', pageDoesNotExist: 'Deze pagina bestaat niet.', goHome: 'Naar de startpagina',
    or: 'of', searchFor: 'zoeken naar', results: (n) => `${n} resulta${n === 1 ? 'at' : 'ten'} voor`,
    wasThisHelpful: 'Was deze pagina nuttig?', ratingBad: 'Nee', ratingOk: 'Gedeeltelijk', ratingGood: 'Ja', feedbackThanks: 'Bedankt voor je feedback', feedbackComment: 'Wat kunnen we beter doen? (optioneel)', feedbackSend: 'Versturen', backToPage: 'Terug naar de pagina',
  },
  no: {
    skip: 'Gå til innholdet', search: 'Søk', searchPlaceholder: 'Søk…', showNavigation: 'Vis navigasjonen', navigation: 'Navigasjon',
    sections: 'Seksjoner', variants: 'Varianter', pages: 'Sider', links: 'Lenker', announcement: 'Kunngjøring', theme: 'Tema',
    light: 'Lys', dark: 'Mørk', auto: 'Auto', onThisPage: 'På denne siden', breadcrumbs: 'Brødsmulesti', previous: 'Forrige', next: 'Neste',
    previousAndNext: 'Forrige og neste side', viewMarkdown: 'Vis som Markdown', exportPdf: 'Eksporter som PDF', privacyPolicy: 'Personvernerklæring',
    poweredBy: 'Drevet av Bindery', pageNotFound: 'Fant ikke siden', pageDoesNotExist: 'Denne siden finnes ikke.', goHome: 'Gå til forsiden',
    or: 'eller', searchFor: 'søk etter', results: (n) => `${n} treff for`,
    wasThisHelpful: 'Var denne siden nyttig?', ratingBad: 'Nei', ratingOk: 'Delvis', ratingGood: 'Ja', feedbackThanks: 'Takk for tilbakemeldingen', feedbackComment: 'Hva kunne vi gjort bedre? (valgfritt)', feedbackSend: 'Send', backToPage: 'Tilbake til siden',
  },
  'pt-br': {
    skip: 'Pular para o conteúdo', search: 'Pesquisar', searchPlaceholder: 'Pesquisar…', showNavigation: 'Mostrar a navegação', navigation: 'Navegação',
    sections: 'Seções', variants: 'Variantes', pages: 'Páginas', links: 'Links', announcement: 'Aviso', theme: 'Tema',
    light: 'Claro', dark: 'Escuro', auto: 'Auto', onThisPage: 'Nesta página', breadcrumbs: 'Trilha de navegação', previous: 'Anterior', next: 'Próximo',
    previousAndNext: 'Páginas anterior e próxima', viewMarkdown: 'Ver como Markdown', exportPdf: 'Exportar como PDF', privacyPolicy: 'Política de privacidade',
    poweredBy: 'Feito com Bindery', pageNotFound: 'Página não encontrada', pageDoesNotExist: 'Esta página não existe.', goHome: 'Ir para a página inicial',
    or: 'ou', searchFor: 'pesquisar', results: (n) => `${n} resultado${n === 1 ? '' : 's'} para`,
    wasThisHelpful: 'Esta página foi útil?', ratingBad: 'Não', ratingOk: 'Em parte', ratingGood: 'Sim', feedbackThanks: 'Obrigado pelo seu feedback', feedbackComment: 'O que podemos melhorar? (opcional)', feedbackSend: 'Enviar', backToPage: 'Voltar para a página',
  },
  ru: {
    skip: 'Перейти к содержимому', search: 'Поиск', searchPlaceholder: 'Поиск…', showNavigation: 'Показать навигацию', navigation: 'Навигация',
    sections: 'Разделы', variants: 'Варианты', pages: 'Страницы', links: 'Ссылки', announcement: 'Объявление', theme: 'Тема',
    light: 'Светлая', dark: 'Тёмная', auto: 'Авто', onThisPage: 'На этой странице', breadcrumbs: 'Навигационная цепочка', previous: 'Назад', next: 'Далее',
    previousAndNext: 'Предыдущая и следующая страницы', viewMarkdown: 'Открыть как Markdown', exportPdf: 'Экспорт в PDF', privacyPolicy: 'Политика конфиденциальности',
    poweredBy: 'Работает на Bindery', pageNotFound: 'Страница не найдена', pageDoesNotExist: 'Такой страницы нет.', goHome: 'На главную',
    or: 'или', searchFor: 'найти', results: (n) => `Результатов: ${n}. Запрос:`,
    wasThisHelpful: 'Была ли эта страница полезной?', ratingBad: 'Нет', ratingOk: 'Отчасти', ratingGood: 'Да', feedbackThanks: 'Спасибо за отзыв', feedbackComment: 'Что можно улучшить? (необязательно)', feedbackSend: 'Отправить', backToPage: 'Вернуться на страницу',
  },
  zh: {
    skip: '跳到内容', search: '搜索', searchPlaceholder: '搜索…', showNavigation: '显示导航', navigation: '导航',
    sections: '版块', variants: '版本', pages: '页面', links: '链接', announcement: '公告', theme: '主题',
    light: '浅色', dark: '深色', auto: '自动', onThisPage: '本页内容', breadcrumbs: '面包屑导航', previous: '上一页', next: '下一页',
    previousAndNext: '上一页和下一页', viewMarkdown: '以 Markdown 查看', exportPdf: '导出为 PDF', privacyPolicy: '隐私政策',
    poweredBy: '由 Bindery 提供支持', pageNotFound: '找不到页面', pageDoesNotExist: '此页面不存在。', goHome: '返回首页',
    or: '或', searchFor: '搜索', results: (n) => `${n} 个结果：`,
    wasThisHelpful: '此页面对您有帮助吗？', ratingBad: '没有', ratingOk: '一般', ratingGood: '有', feedbackThanks: '感谢您的反馈', feedbackComment: '有什么可以改进的吗？（可选）', feedbackSend: '发送', backToPage: '返回页面',
  },
  ja: {
    skip: 'コンテンツへスキップ', search: '検索', searchPlaceholder: '検索…', showNavigation: 'ナビゲーションを表示', navigation: 'ナビゲーション',
    sections: 'セクション', variants: 'バリアント', pages: 'ページ', links: 'リンク', announcement: 'お知らせ', theme: 'テーマ',
    light: 'ライト', dark: 'ダーク', auto: '自動', onThisPage: 'このページの内容', breadcrumbs: 'パンくずリスト', previous: '前へ', next: '次へ',
    previousAndNext: '前のページと次のページ', viewMarkdown: 'Markdown で表示', exportPdf: 'PDF にエクスポート', privacyPolicy: 'プライバシーポリシー',
    poweredBy: 'Powered by Bindery', pageNotFound: 'ページが見つかりません', pageDoesNotExist: 'このページは存在しません。', goHome: 'ホームページへ',
    or: 'または', searchFor: '検索', results: (n) => `${n} 件の結果：`,
    wasThisHelpful: 'このページは役に立ちましたか？', ratingBad: 'いいえ', ratingOk: 'まあまあ', ratingGood: 'はい', feedbackThanks: 'フィードバックありがとうございます', feedbackComment: '改善できる点はありますか？（任意）', feedbackSend: '送信', backToPage: 'ページに戻る',
  },
};

/** The site's words in `lang` (`<html lang>`: the customization's locale, checked), English when it has none. */
export function uiText(lang: string | undefined): UiText {
  const l = (lang ?? 'en').toLowerCase();
  return TEXTS[l] ?? TEXTS[l.split('-')[0]!] ?? (l.startsWith('pt') ? TEXTS['pt-br']! : EN);
}
