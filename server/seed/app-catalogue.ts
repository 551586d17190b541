// The marketplace's app catalogue (GET /v2/apps, GET /v2/app-categories) and
// the known-SaaS table of the shadow-IT detector, as typed seed data.
// Logos are our own monogram SVGs in public/app-logos/<id>.svg (the Vite
// public dir, served from the site root): nothing is loaded from the internet
// and no vendor's trademarked logo is copied.
// Category display names live in locales/<lang>/software.json (enums.category.*).

import { SOFTWARE_CATEGORIES, type SoftwareCategory } from '../../src/api/modules/software.js';

// The 21 categories are the software module's (src/api/modules/software.ts).
export { SOFTWARE_CATEGORIES, type SoftwareCategory };

export interface CatalogueApp {
  /** Slug, kebab-case, unique (e.g. 'slack'). */
  id: string;
  /** Product name as the vendor writes it. */
  name: string;
  vendor: string;
  category: SoftwareCategory;
  /** https://… */
  websiteUrl: string;
  /** Hostnames that identify the app in browsing logs; a domain also covers its subdomains. */
  domains: string[];
  description: { 'ja-JP': string; 'en-US': string };
  /** 'CSV' for every app; 'SCIM' where the product offers SCIM 2.0 user provisioning. */
  connectors: ('SCIM' | 'CSV')[];
  /** '/app-logos/<id>.svg' */
  logo: string;
}

type AppInput = Omit<CatalogueApp, 'connectors' | 'logo'> & { scim: boolean };

// Notes on the data:
// - connectors: 'SCIM' only where the vendor documents a SCIM 2.0 endpoint for
//   its product. Google Workspace, Microsoft 365 and Okta are directories
//   themselves (provisioned through their own APIs, not SCIM service
//   providers); Box, Dropbox and Zendesk are provisioned by identity providers
//   through their proprietary APIs. Those, and the products without user
//   provisioning, are CSV only.
// - domains: Jira and Confluence Cloud share one site host, <site>.atlassian.net;
//   by hostname alone it is attributed to Jira (the usual entry point), so
//   Confluence has no domain of its own. Likewise Kintone and Garoon share
//   <sub>.cybozu.com, attributed to Kintone; Garoon keeps its product site.
const APPS: readonly AppInput[] = [
  // ── Marketing ──
  {
    id: 'hubspot',
    name: 'HubSpot',
    vendor: 'HubSpot',
    category: 'marketing',
    websiteUrl: 'https://www.hubspot.com/',
    domains: ['hubspot.com', 'app.hubspot.com', 'hubspot.jp'],
    description: {
      'ja-JP': 'マーケティング・営業・カスタマーサービスを一つの CRM 上で管理できるプラットフォームです。メール配信やフォーム、リード管理をまとめて運用できます。',
      'en-US': 'A CRM platform that brings marketing, sales and customer service together, with email campaigns, forms and lead management in one place.',
    },
    scim: true,
  },
  {
    id: 'mailchimp',
    name: 'Mailchimp',
    vendor: 'Intuit',
    category: 'marketing',
    websiteUrl: 'https://mailchimp.com/',
    domains: ['mailchimp.com', 'admin.mailchimp.com'],
    description: {
      'ja-JP': 'メールマガジンの作成・配信と効果測定ができるメールマーケティングサービスです。',
      'en-US': 'An email marketing service for designing, sending and measuring newsletters and campaigns.',
    },
    scim: false,
  },
  // ── Sales & CRM ──
  {
    id: 'salesforce',
    name: 'Salesforce',
    vendor: 'Salesforce',
    category: 'sales-crm',
    websiteUrl: 'https://www.salesforce.com/',
    domains: ['salesforce.com', 'my.salesforce.com', 'force.com', 'lightning.force.com'],
    description: {
      'ja-JP': '顧客情報や商談、売上予測を一元管理する CRM・営業支援サービスです。',
      'en-US': 'A CRM and sales platform for managing accounts, opportunities and forecasts in one place.',
    },
    scim: true,
  },
  {
    id: 'sansan',
    name: 'Sansan',
    vendor: 'Sansan',
    category: 'sales-crm',
    websiteUrl: 'https://jp.sansan.com/',
    domains: ['sansan.com', 'ap.sansan.com'],
    description: {
      'ja-JP': '名刺をスキャンしてデータ化し、社内の人脈や顧客情報を共有できる営業 DX サービスです。',
      'en-US': 'Digitises business cards and shares contacts and customer information across the company to support sales.',
    },
    scim: false,
  },
  // ── Customer support ──
  {
    id: 'zendesk',
    name: 'Zendesk',
    vendor: 'Zendesk',
    category: 'customer-support',
    websiteUrl: 'https://www.zendesk.com/',
    domains: ['zendesk.com'],
    description: {
      'ja-JP': 'メール・チャット・電話などの問い合わせをチケットで一元管理するカスタマーサービスツールです。',
      'en-US': 'Customer service software that manages email, chat and phone enquiries as tickets in one place.',
    },
    scim: false,
  },
  {
    id: 'intercom',
    name: 'Intercom',
    vendor: 'Intercom',
    category: 'customer-support',
    websiteUrl: 'https://www.intercom.com/',
    domains: ['intercom.com', 'app.intercom.com', 'intercom.io'],
    description: {
      'ja-JP': 'Web サイトやアプリにチャットを組み込み、AI と担当者で顧客対応ができるサポートプラットフォームです。',
      'en-US': 'A customer support platform with in-app and website chat, answered by an AI agent and your team.',
    },
    scim: false,
  },
  // ── Communication ──
  {
    id: 'slack',
    name: 'Slack',
    vendor: 'Slack Technologies',
    category: 'communication',
    websiteUrl: 'https://slack.com/',
    domains: ['slack.com', 'app.slack.com'],
    description: {
      'ja-JP': 'チャンネルでやり取りを整理できるビジネスチャットです。ファイル共有やハドルミーティング、外部ツールとの連携にも対応しています。',
      'en-US': 'Business messaging organised into channels, with file sharing, huddles and integrations with other tools.',
    },
    scim: true,
  },
  {
    id: 'zoom',
    name: 'Zoom',
    vendor: 'Zoom Communications',
    category: 'communication',
    websiteUrl: 'https://www.zoom.com/',
    domains: ['zoom.us', 'zoom.com'],
    description: {
      'ja-JP': 'オンライン会議やウェビナーを開催できるビデオコミュニケーションサービスです。',
      'en-US': 'Video communications for online meetings and webinars.',
    },
    scim: true,
  },
  {
    id: 'chatwork',
    name: 'Chatwork',
    vendor: 'kubell',
    category: 'communication',
    websiteUrl: 'https://go.chatwork.com/',
    domains: ['chatwork.com', 'go.chatwork.com'],
    description: {
      'ja-JP': 'チャット・タスク管理・ファイル共有・ビデオ通話をまとめて使える国産のビジネスチャットです。',
      'en-US': 'A Japanese business chat service combining messaging, tasks, file sharing and video calls.',
    },
    scim: true,
  },
  {
    id: 'line-works',
    name: 'LINE WORKS',
    vendor: 'LINE WORKS',
    category: 'communication',
    websiteUrl: 'https://line-works.com/',
    domains: ['line-works.com', 'worksmobile.com', 'line.worksmobile.com'],
    description: {
      'ja-JP': 'LINE のような使い心地で、トーク・カレンダー・掲示板などを使えるビジネスコミュニケーションツールです。',
      'en-US': 'Business communication with the feel of LINE: chat, calendar, notice boards and more.',
    },
    scim: true,
  },
  // ── Collaboration ──
  {
    id: 'notion',
    name: 'Notion',
    vendor: 'Notion Labs',
    category: 'collaboration',
    websiteUrl: 'https://www.notion.com/',
    domains: ['notion.com', 'notion.so', 'www.notion.so'],
    description: {
      'ja-JP': 'ドキュメント・Wiki・データベースを一つにまとめられるオールインワンのワークスペースです。',
      'en-US': 'An all-in-one workspace for documents, wikis and databases.',
    },
    scim: true,
  },
  {
    id: 'confluence',
    name: 'Confluence',
    vendor: 'Atlassian',
    category: 'collaboration',
    websiteUrl: 'https://www.atlassian.com/software/confluence',
    domains: [],
    description: {
      'ja-JP': 'チームのナレッジや議事録、仕様書をページとして共同編集・共有できる Wiki ツールです。',
      'en-US': 'A team wiki for writing and sharing knowledge, meeting notes and specifications together.',
    },
    scim: true,
  },
  {
    id: 'miro',
    name: 'Miro',
    vendor: 'Miro',
    category: 'collaboration',
    websiteUrl: 'https://miro.com/',
    domains: ['miro.com'],
    description: {
      'ja-JP': 'ブレインストーミングや図解をチームで同時に進められるオンラインホワイトボードです。',
      'en-US': 'An online whiteboard where teams brainstorm and diagram together in real time.',
    },
    scim: true,
  },
  {
    id: 'garoon',
    name: 'Garoon',
    vendor: 'Cybozu',
    category: 'collaboration',
    websiteUrl: 'https://garoon.cybozu.co.jp/',
    domains: ['garoon.cybozu.co.jp'],
    description: {
      'ja-JP': 'スケジュール・施設予約・ワークフロー・掲示板などを備えた、中堅・大規模組織向けのグループウェアです。',
      'en-US': 'Groupware for mid-sized and large organisations, with schedules, room booking, workflows and notice boards.',
    },
    scim: true,
  },
  // ── Project management ──
  {
    id: 'jira',
    name: 'Jira',
    vendor: 'Atlassian',
    category: 'project-management',
    websiteUrl: 'https://www.atlassian.com/software/jira',
    domains: ['atlassian.net'],
    description: {
      'ja-JP': '課題やタスクをチケットで管理し、スクラムやカンバンで開発を進められるプロジェクト管理ツールです。',
      'en-US': 'Project and issue tracking for teams, with Scrum and Kanban boards.',
    },
    scim: true,
  },
  {
    id: 'asana',
    name: 'Asana',
    vendor: 'Asana',
    category: 'project-management',
    websiteUrl: 'https://asana.com/',
    domains: ['asana.com', 'app.asana.com'],
    description: {
      'ja-JP': 'タスクやプロジェクトの進捗をリスト・ボード・タイムラインで管理できるワークマネジメントツールです。',
      'en-US': 'Work management for tracking tasks and projects in lists, boards and timelines.',
    },
    scim: true,
  },
  {
    id: 'trello',
    name: 'Trello',
    vendor: 'Atlassian',
    category: 'project-management',
    websiteUrl: 'https://trello.com/',
    domains: ['trello.com'],
    description: {
      'ja-JP': 'カードをボード上で動かしてタスクを管理する、カンバン方式のタスク管理ツールです。',
      'en-US': 'Kanban-style task management: move cards across boards to track work.',
    },
    scim: true,
  },
  {
    id: 'backlog',
    name: 'Backlog',
    vendor: 'Nulab',
    category: 'project-management',
    websiteUrl: 'https://backlog.com/ja/',
    domains: ['backlog.com', 'backlog.jp'],
    description: {
      'ja-JP': '課題管理・ガントチャート・Wiki・Git を備えた国産のプロジェクト管理ツールです。エンジニア以外のメンバーも使いやすい画面です。',
      'en-US': 'A Japanese project management tool with issue tracking, Gantt charts, wikis and Git, easy to use beyond engineering teams.',
    },
    scim: true,
  },
  {
    id: 'monday',
    name: 'monday.com',
    vendor: 'monday.com',
    category: 'project-management',
    websiteUrl: 'https://monday.com/',
    domains: ['monday.com'],
    description: {
      'ja-JP': 'ボードに業務を整理し、進捗や担当者を見える化できるワークマネジメントプラットフォームです。',
      'en-US': 'A work management platform that organises work on boards and shows progress and owners at a glance.',
    },
    scim: true,
  },
  // ── Design ──
  {
    id: 'figma',
    name: 'Figma',
    vendor: 'Figma',
    category: 'design',
    websiteUrl: 'https://www.figma.com/',
    domains: ['figma.com'],
    description: {
      'ja-JP': 'ブラウザ上で UI デザインやプロトタイプを共同編集できるデザインツールです。',
      'en-US': 'A browser-based design tool for collaborating on UI designs and prototypes.',
    },
    scim: true,
  },
  {
    id: 'canva',
    name: 'Canva',
    vendor: 'Canva',
    category: 'design',
    websiteUrl: 'https://www.canva.com/',
    domains: ['canva.com'],
    description: {
      'ja-JP': '豊富なテンプレートから資料・チラシ・SNS 画像などを手軽に作れるデザインツールです。',
      'en-US': 'A design tool for quickly creating presentations, flyers and social media graphics from templates.',
    },
    scim: true,
  },
  // ── Development ──
  {
    id: 'github',
    name: 'GitHub',
    vendor: 'GitHub',
    category: 'development',
    websiteUrl: 'https://github.com/',
    domains: ['github.com'],
    description: {
      'ja-JP': 'Git リポジトリのホスティング、プルリクエストによるコードレビュー、CI/CD を提供する開発プラットフォームです。',
      'en-US': 'A development platform for Git hosting, code review through pull requests, and CI/CD.',
    },
    scim: true,
  },
  {
    id: 'gitlab',
    name: 'GitLab',
    vendor: 'GitLab',
    category: 'development',
    websiteUrl: 'https://about.gitlab.com/',
    domains: ['gitlab.com'],
    description: {
      'ja-JP': 'ソースコード管理から CI/CD、セキュリティテストまでを一つにまとめた DevSecOps プラットフォームです。',
      'en-US': 'A DevSecOps platform covering source control, CI/CD and security testing in one application.',
    },
    scim: true,
  },
  // ── DevOps & infrastructure ──
  {
    id: 'aws',
    name: 'Amazon Web Services',
    vendor: 'Amazon Web Services',
    category: 'devops-infrastructure',
    websiteUrl: 'https://aws.amazon.com/',
    domains: ['aws.amazon.com', 'console.aws.amazon.com', 'awsapps.com'],
    description: {
      'ja-JP': 'サーバー・ストレージ・データベースなどをオンデマンドで利用できるクラウドサービスです。',
      'en-US': 'On-demand cloud computing: servers, storage, databases and more.',
    },
    scim: true,
  },
  {
    id: 'datadog',
    name: 'Datadog',
    vendor: 'Datadog',
    category: 'devops-infrastructure',
    websiteUrl: 'https://www.datadoghq.com/',
    domains: ['datadoghq.com', 'app.datadoghq.com', 'datadoghq.eu'],
    description: {
      'ja-JP': 'サーバー・アプリケーション・ログを横断して監視できるクラウド監視サービスです。',
      'en-US': 'Cloud monitoring across infrastructure, applications and logs.',
    },
    scim: true,
  },
  // ── Storage & file sharing ──
  {
    id: 'box',
    name: 'Box',
    vendor: 'Box',
    category: 'storage-file-sharing',
    websiteUrl: 'https://www.box.com/',
    domains: ['box.com', 'app.box.com'],
    description: {
      'ja-JP': '社内外とのファイル共有や共同編集を、きめ細かな権限管理のもとで行えるクラウドストレージです。',
      'en-US': 'Cloud content management for sharing and collaborating on files inside and outside the company, with fine-grained permissions.',
    },
    scim: false,
  },
  {
    id: 'dropbox',
    name: 'Dropbox',
    vendor: 'Dropbox',
    category: 'storage-file-sharing',
    websiteUrl: 'https://www.dropbox.com/',
    domains: ['dropbox.com'],
    description: {
      'ja-JP': 'ファイルをクラウドに保存し、PC やスマートフォンと同期・共有できるストレージサービスです。',
      'en-US': 'Cloud storage that syncs and shares files across computers and phones.',
    },
    scim: false,
  },
  // ── Finance & accounting ──
  {
    id: 'freee',
    name: 'freee会計',
    vendor: 'freee',
    category: 'finance-accounting',
    websiteUrl: 'https://www.freee.co.jp/accounting/',
    domains: ['freee.co.jp', 'secure.freee.co.jp'],
    description: {
      'ja-JP': '銀行口座やクレジットカードの明細を取り込み、仕訳から決算までを効率化するクラウド会計ソフトです。',
      'en-US': 'Cloud accounting software that imports bank and card statements and streamlines bookkeeping through to the year-end close.',
    },
    scim: false,
  },
  {
    id: 'money-forward',
    name: 'マネーフォワード クラウド会計',
    vendor: 'Money Forward',
    category: 'finance-accounting',
    websiteUrl: 'https://biz.moneyforward.com/accounting/',
    domains: ['moneyforward.com', 'biz.moneyforward.com'],
    description: {
      'ja-JP': '明細の自動取得と仕訳の自動化で経理業務を効率化するクラウド会計ソフトです。',
      'en-US': 'Cloud accounting software that automates statement imports and journal entries.',
    },
    scim: false,
  },
  // ── Human resources ──
  {
    id: 'smarthr',
    name: 'SmartHR',
    vendor: 'SmartHR',
    category: 'human-resources',
    websiteUrl: 'https://smarthr.jp/',
    domains: ['smarthr.jp'],
    description: {
      'ja-JP': '入退社手続きや年末調整などの労務手続きをペーパーレス化し、従業員情報を一元管理できる人事労務ソフトです。',
      'en-US': 'HR software that takes onboarding, offboarding and year-end tax adjustment paperless and keeps employee records in one place.',
    },
    scim: true,
  },
  {
    id: 'king-of-time',
    name: 'KING OF TIME',
    vendor: 'Human Technologies',
    category: 'human-resources',
    websiteUrl: 'https://www.kingoftime.jp/',
    domains: ['kingoftime.jp', 'kingtime.jp'],
    description: {
      'ja-JP': 'さまざまな打刻方法に対応し、勤怠の集計やシフト管理ができるクラウド勤怠管理システムです。',
      'en-US': 'Cloud time and attendance with many ways to clock in, automatic timesheets and shift management.',
    },
    scim: false,
  },
  {
    id: 'jobcan',
    name: 'ジョブカン勤怠管理',
    vendor: 'DONUTS',
    category: 'human-resources',
    websiteUrl: 'https://jobcan.ne.jp/',
    domains: ['jobcan.ne.jp', 'jobcan.jp'],
    description: {
      'ja-JP': '出退勤の打刻、シフト、休暇申請をまとめて管理できるクラウド勤怠管理システムです。',
      'en-US': 'Cloud attendance management for clock-ins, shifts and leave requests.',
    },
    scim: false,
  },
  // ── General affairs ──
  {
    id: 'receptionist',
    name: 'RECEPTIONIST',
    vendor: 'RECEPTIONIST',
    category: 'general-affairs',
    websiteUrl: 'https://receptionist.jp/',
    domains: ['receptionist.jp'],
    description: {
      'ja-JP': '来客受付を無人化し、担当者へチャットで来訪を通知できるクラウド受付システムです。会議室の予約管理にも対応しています。',
      'en-US': 'A cloud reception system that handles visitor check-in unattended and notifies hosts by chat, with meeting-room booking.',
    },
    scim: false,
  },
  // ── Legal ──
  {
    id: 'docusign',
    name: 'Docusign',
    vendor: 'Docusign',
    category: 'legal',
    websiteUrl: 'https://www.docusign.com/',
    domains: ['docusign.com', 'docusign.net'],
    description: {
      'ja-JP': '契約書などの文書にオンラインで署名を依頼・締結できる電子署名サービスです。',
      'en-US': 'Electronic signatures: send documents such as contracts for signature and complete them online.',
    },
    scim: true,
  },
  {
    id: 'cloudsign',
    name: 'クラウドサイン',
    vendor: 'Bengo4.com',
    category: 'legal',
    websiteUrl: 'https://www.cloudsign.jp/',
    domains: ['cloudsign.jp'],
    description: {
      'ja-JP': '契約の締結から書類の保管までをクラウド上で完結できる、国内向けの電子契約サービスです。',
      'en-US': 'A Japanese e-contract service that completes signing and storage of agreements in the cloud.',
    },
    scim: false,
  },
  // ── Analytics & BI ──
  {
    id: 'tableau',
    name: 'Tableau',
    vendor: 'Salesforce',
    category: 'analytics-bi',
    websiteUrl: 'https://www.tableau.com/',
    domains: ['tableau.com', 'online.tableau.com'],
    description: {
      'ja-JP': 'さまざまなデータをつないで、ドラッグ＆ドロップで可視化・分析できる BI ツールです。',
      'en-US': 'A BI tool that connects to many data sources for drag-and-drop visual analysis.',
    },
    scim: true,
  },
  {
    id: 'google-analytics',
    name: 'Google Analytics',
    vendor: 'Google',
    category: 'analytics-bi',
    websiteUrl: 'https://marketingplatform.google.com/about/analytics/',
    domains: ['analytics.google.com', 'marketingplatform.google.com'],
    description: {
      'ja-JP': 'Web サイトやアプリの訪問者数や行動を計測・分析できるアクセス解析ツールです。',
      'en-US': 'Web and app analytics for measuring visitors and how they behave.',
    },
    scim: false,
  },
  // ── Productivity & office ──
  {
    id: 'google-workspace',
    name: 'Google Workspace',
    vendor: 'Google',
    category: 'productivity-office',
    websiteUrl: 'https://workspace.google.com/',
    domains: [
      'workspace.google.com',
      'admin.google.com',
      'mail.google.com',
      'calendar.google.com',
      'drive.google.com',
      'docs.google.com',
      'meet.google.com',
      'chat.google.com',
    ],
    description: {
      'ja-JP': 'Gmail・カレンダー・ドライブ・ドキュメント・Meet などをまとめて使えるクラウド型のオフィススイートです。',
      'en-US': 'A cloud office suite with Gmail, Calendar, Drive, Docs, Meet and more.',
    },
    scim: false,
  },
  {
    id: 'microsoft-365',
    name: 'Microsoft 365',
    vendor: 'Microsoft',
    category: 'productivity-office',
    websiteUrl: 'https://www.microsoft.com/microsoft-365',
    domains: ['microsoft365.com', 'office.com', 'office365.com', 'cloud.microsoft', 'sharepoint.com', 'teams.microsoft.com'],
    description: {
      'ja-JP': 'Word・Excel・PowerPoint・Outlook・Teams などを含むオフィススイートです。OneDrive や SharePoint でファイルも共有できます。',
      'en-US': 'An office suite including Word, Excel, PowerPoint, Outlook and Teams, with file sharing on OneDrive and SharePoint.',
    },
    scim: false,
  },
  {
    id: 'kintone',
    name: 'Kintone',
    vendor: 'Cybozu',
    category: 'productivity-office',
    websiteUrl: 'https://kintone.cybozu.co.jp/',
    domains: ['kintone.cybozu.co.jp', 'cybozu.com', 'kintone.com'],
    description: {
      'ja-JP': 'プログラミングなしで、案件管理や日報などの業務アプリを作成・共有できるクラウドサービスです。',
      'en-US': 'A no-code platform for building and sharing business apps such as deal tracking and daily reports.',
    },
    scim: true,
  },
  // ── E-commerce ──
  {
    id: 'shopify',
    name: 'Shopify',
    vendor: 'Shopify',
    category: 'e-commerce',
    websiteUrl: 'https://www.shopify.com/',
    domains: ['shopify.com', 'admin.shopify.com'],
    description: {
      'ja-JP': 'オンラインストアの開設から商品・注文・決済の管理までを行える EC プラットフォームです。',
      'en-US': 'An e-commerce platform for building an online store and managing products, orders and payments.',
    },
    scim: false,
  },
  // ── Education & training ──
  {
    id: 'udemy-business',
    name: 'Udemy Business',
    vendor: 'Udemy',
    category: 'education-training',
    websiteUrl: 'https://business.udemy.com/',
    domains: ['udemy.com', 'business.udemy.com'],
    description: {
      'ja-JP': 'IT・ビジネススキルなどの厳選されたオンライン講座を、従業員がいつでも受講できる法人向け学習サービスです。',
      'en-US': 'Online learning for organisations: a curated library of IT and business courses staff can take any time.',
    },
    scim: true,
  },
  {
    id: 'schoo',
    name: 'Schoo for Business',
    vendor: 'Schoo',
    category: 'education-training',
    websiteUrl: 'https://schoo.jp/biz/',
    domains: ['schoo.jp'],
    description: {
      'ja-JP': 'ビジネススキルや IT リテラシーなどの動画講座で社員研修を行える、法人向けオンライン学習サービスです。',
      'en-US': 'Online learning for companies, with video courses on business skills and IT literacy for staff training.',
    },
    scim: false,
  },
  // ── IT management ──
  {
    id: 'jamf-pro',
    name: 'Jamf Pro',
    vendor: 'Jamf',
    category: 'it-management',
    websiteUrl: 'https://www.jamf.com/products/jamf-pro/',
    domains: ['jamf.com', 'jamfcloud.com'],
    description: {
      'ja-JP': 'Mac・iPhone・iPad などの Apple デバイスを一元管理し、設定やアプリを配布できる MDM です。',
      'en-US': 'Device management for Mac, iPhone and iPad: configure devices and deploy apps centrally.',
    },
    scim: false,
  },
  {
    id: 'servicenow',
    name: 'ServiceNow',
    vendor: 'ServiceNow',
    category: 'it-management',
    websiteUrl: 'https://www.servicenow.com/',
    domains: ['servicenow.com', 'service-now.com'],
    description: {
      'ja-JP': 'インシデント管理や問い合わせ対応など、IT サービス管理の業務をワークフローで自動化するプラットフォームです。',
      'en-US': 'A platform that automates IT service management, such as incidents and service requests, with workflows.',
    },
    scim: false,
  },
  // ── Security & compliance ──
  {
    id: '1password',
    name: '1Password',
    vendor: '1Password',
    category: 'security-compliance',
    websiteUrl: 'https://1password.com/',
    domains: ['1password.com', '1password.eu', '1password.ca'],
    description: {
      'ja-JP': 'パスワードや機密情報を安全に保管し、チームで共有できるパスワード管理サービスです。',
      'en-US': 'A password manager for storing passwords and secrets securely and sharing them with your team.',
    },
    scim: true,
  },
  {
    id: 'okta',
    name: 'Okta',
    vendor: 'Okta',
    category: 'security-compliance',
    websiteUrl: 'https://www.okta.com/',
    domains: ['okta.com', 'okta-emea.com'],
    description: {
      'ja-JP': 'シングルサインオンや多要素認証で、社員のさまざまなアプリへのアクセスを管理する ID 管理サービスです。',
      'en-US': 'Identity and access management with single sign-on and multi-factor authentication for employees’ apps.',
    },
    scim: false,
  },
  {
    id: 'crowdstrike-falcon',
    name: 'CrowdStrike Falcon',
    vendor: 'CrowdStrike',
    category: 'security-compliance',
    websiteUrl: 'https://www.crowdstrike.com/',
    domains: ['crowdstrike.com', 'falcon.crowdstrike.com'],
    description: {
      'ja-JP': 'PC やサーバーへのサイバー攻撃を検知・対処するクラウド型のエンドポイントセキュリティ（EDR）です。',
      'en-US': 'Cloud-delivered endpoint security (EDR) that detects and responds to attacks on computers and servers.',
    },
    scim: false,
  },
];

export const CATALOGUE_APPS: readonly CatalogueApp[] = APPS.map(({ scim, ...app }) => ({
  ...app,
  connectors: scim ? ['SCIM', 'CSV'] : ['CSV'],
  logo: `/app-logos/${app.id}.svg`,
}));

export interface TraceableSaas {
  domain: string;
  name: string;
  category: SoftwareCategory;
  /** The catalogue app the organisation can install for it, or null when it is not in the catalogue. */
  integratableAppId: string | null;
}

/** Popular SaaS that are not in the catalogue, by their domains. */
const OTHER_SAAS: readonly { name: string; category: SoftwareCategory; domains: string[] }[] = [
  { name: 'ChatGPT', category: 'productivity-office', domains: ['chatgpt.com', 'chat.openai.com'] },
  { name: 'Claude', category: 'productivity-office', domains: ['claude.ai'] },
  { name: 'Gemini', category: 'productivity-office', domains: ['gemini.google.com'] },
  { name: 'Perplexity', category: 'productivity-office', domains: ['perplexity.ai'] },
  { name: 'DeepL', category: 'productivity-office', domains: ['deepl.com'] },
  { name: 'Grammarly', category: 'productivity-office', domains: ['grammarly.com'] },
  { name: 'Otter.ai', category: 'productivity-office', domains: ['otter.ai'] },
  { name: 'Evernote', category: 'productivity-office', domains: ['evernote.com'] },
  { name: 'Airtable', category: 'productivity-office', domains: ['airtable.com'] },
  { name: 'Calendly', category: 'productivity-office', domains: ['calendly.com'] },
  { name: 'Zapier', category: 'productivity-office', domains: ['zapier.com'] },
  { name: 'iLovePDF', category: 'productivity-office', domains: ['ilovepdf.com'] },
  { name: 'WeTransfer', category: 'storage-file-sharing', domains: ['wetransfer.com', 'we.tl'] },
  { name: 'ギガファイル便', category: 'storage-file-sharing', domains: ['gigafile.nu'] },
  { name: 'iCloud', category: 'storage-file-sharing', domains: ['icloud.com'] },
  { name: 'Loom', category: 'communication', domains: ['loom.com'] },
  { name: 'Discord', category: 'communication', domains: ['discord.com', 'discord.gg'] },
  { name: 'LINE', category: 'communication', domains: ['line.me'] },
  { name: 'SurveyMonkey', category: 'marketing', domains: ['surveymonkey.com'] },
  { name: 'Typeform', category: 'marketing', domains: ['typeform.com'] },
  { name: 'Wix', category: 'marketing', domains: ['wix.com'] },
  { name: 'Pinterest', category: 'other', domains: ['pinterest.com', 'pinterest.jp'] },
];

/** Known SaaS by domain for shadow-IT detection: every catalogue app's domains, then popular SaaS outside the catalogue. */
export const TRACEABLE_SAAS: readonly TraceableSaas[] = [
  ...CATALOGUE_APPS.flatMap((app) => app.domains.map((domain) => ({ domain, name: app.name, category: app.category, integratableAppId: app.id }))),
  ...OTHER_SAAS.flatMap((saas) => saas.domains.map((domain) => ({ domain, name: saas.name, category: saas.category, integratableAppId: null }))),
];

const BY_DOMAIN = new Map(TRACEABLE_SAAS.map((saas) => [saas.domain, saas]));

/** The SaaS a hostname belongs to (exact domain or any subdomain of it; the most specific domain wins), or null. */
export function traceableSaasOf(hostname: string): TraceableSaas | null {
  let host = hostname.trim().toLowerCase().replace(/\.$/, '');
  for (;;) {
    const hit = BY_DOMAIN.get(host);
    if (hit) return hit;
    const dot = host.indexOf('.');
    if (dot < 0) return null;
    host = host.slice(dot + 1);
  }
}
