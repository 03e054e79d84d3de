import type { ContentKey } from '@crossmart/contract';

/**
 * The texts a new install starts with (English and Japanese; other languages fall back to
 * English until an admin writes them). Admins edit them in the console; a start never overwrites
 * an edited text. Figures follow the platform's default settings.
 */
export const defaultContent: Record<ContentKey, { en: string; jp: string }> = {
  help_support: {
    en: `# Help and support

Welcome to Crossmart. Here are answers to the questions we hear most. If you cannot find what you need, open **Customer service** from the Me page and our team will reply.

## Shopping

1. Browse hot products and shops on Home, or search by name on Explore.
2. Choose a specification and add it to your bag, or buy it at once.
3. At checkout, choose a shipping address; each shop's items become one order.
4. Pay from your balance with your 6-digit payment code.

## How top-up works

- **Bank transfer**: transfer to the platform account shown on the screen, then upload a picture of the transfer receipt.
- **On-chain**: choose the network and coin, send to the address shown (or scan its QR code) and upload the evidence. Deposits from DEX, BSC and HECO are not supported.
- **Manual**: our customer service guides you step by step.
- Every top-up is checked by our team. Your balance grows by the amount that actually arrived once the check has passed; nothing is credited before that. You can follow each request in the top-up record.

## How withdrawal works

- Withdraw to a bank card (card number, bank name and holder) or to an on-chain address.
- The amount must be more than zero and no more than your balance; the minimum is 1,000 in the platform currency.
- The money is set aside as soon as you submit. If the request is refused, it returns to your balance.
- The service charge and the amount you will receive are shown before you confirm with your payment code.

## Fees

- Buyers pay no platform fee; you pay the price and the freight shown at checkout.
- Withdrawals carry a service charge of 1 % of the amount (at least 1 minor unit).
- Merchants pay a commission of 5 % on each completed order.

## Frequently asked questions

- **My order has not arrived.** Open the order to see its logistics timeline. Orders are confirmed as received automatically 10 days after shipping, so please ask for a refund before then if something is wrong.
- **I forgot my password.** Use "Forgot password" on the login page to receive a reset code by email.
- **How do I change my payment code?** Me → Security → Payment code. You need your current payment code.
- **How do I complain about a shop?** Use "File a complaint" below. Our team reads every complaint and replies here.`,
    jp: `# ヘルプとサポート

Crossmart をご利用いただきありがとうございます。よくあるご質問への回答をまとめました。解決しない場合は、マイページの**カスタマーサービス**からお問い合わせください。担当者がお返事いたします。

## お買い物の流れ

1. ホームで人気の商品やショップを見るか、探索ページで名前から検索します。
2. 仕様を選んでカートに入れるか、そのまま購入します。
3. 購入手続きで配送先を選びます。ショップごとに 1 件の注文になります。
4. 6 桁の支払いパスワードで残高からお支払いください。

## チャージの方法

- **銀行振込**：画面に表示されるプラットフォームの口座へお振り込みのうえ、振込明細の画像をアップロードしてください。
- **オンチェーン**：ネットワークと通貨を選び、表示されたアドレスへ送金（QR コードも利用できます）して、証明をアップロードしてください。DEX・BSC・HECO からの入金には対応していません。
- **手動**：カスタマーサービスが手順をご案内します。
- すべてのチャージは当社が確認します。確認が完了すると、実際に着金した金額が残高に反映されます。それまでは反映されません。進み具合はチャージ記録でご確認いただけます。

## 出金の方法

- 銀行カード（カード番号・銀行名・名義人）またはオンチェーンのアドレスへ出金できます。
- 金額は 0 より大きく、残高以下である必要があります。最低出金額はプラットフォーム通貨で 1,000 です。
- 申請と同時に金額が確保されます。申請が却下された場合は残高に戻ります。
- 手数料と実際の受取額は、支払いパスワードで確定する前に表示されます。

## 手数料

- 購入者のプラットフォーム手数料はありません。お支払いは購入手続きに表示される価格と送料のみです。
- 出金には金額の 1 %（最低 1 最小単位）の手数料がかかります。
- 出店者は完了した注文ごとに 5 % の販売手数料をお支払いいただきます。

## よくあるご質問

- **注文が届きません。** 注文詳細で配送状況をご確認ください。発送から 10 日後に自動で受け取り確認となりますので、問題がある場合はそれまでに返金をお申し込みください。
- **パスワードを忘れました。** ログイン画面の「パスワードをお忘れの方」から、メールでリセットコードを受け取れます。
- **支払いパスワードを変更したい。** マイページ → セキュリティ → 支払いパスワード から変更できます。現在の支払いパスワードが必要です。
- **ショップへの苦情を伝えたい。** 下の「苦情を申し立てる」からお送りください。すべての苦情を確認し、こちらでお返事します。`,
  },
  law: {
    en: `# Terms of service

These terms apply to everyone who uses Crossmart, a marketplace where independent shops sell to buyers. By creating an account you accept them.

## Accounts

- Keep your password and payment code secret. Actions taken with them count as yours.
- One person, one account. We may suspend accounts used for fraud, abuse or to break the law.
- A merchant runs one shop after we approve the application, and is responsible for its products, descriptions and deliveries.

## Orders and payment

- Prices are shown in the platform currency. An order is placed when you pay it from your balance.
- Unpaid orders are cancelled after 30 minutes and the stock is released.
- Payments are held by the platform until the order is completed, then paid to the merchant less the commission.

# Privacy policy

- **What we collect**: your account details (name, email, mobile), shipping addresses, orders, payments, uploads and messages with customer service.
- **Why**: to deliver orders, keep your wallet correct, prevent fraud and answer you. We never sell your data.
- **Who sees it**: the merchant of an order sees the shipping address and items of that order only. Our support staff see what they need to help you.
- **How long**: order and payment records are kept as long as the law requires; other data is deleted when you close your account.
- **Your rights**: you may ask to see, correct or delete your data through customer service.

# Refund policy

1. You may ask for a refund while an order waits for delivery, is in transit, or has been received, until the after-sale window of 7 days after receipt closes.
2. Choose a refund without return or a refund with return, give the amount, the reason and proof. One request per order may be open at a time.
3. The merchant answers within 3 days; without an answer the request is approved.
4. If the merchant refuses, you may ask the platform to decide once, within 7 days.
5. For a refund with return, ship the goods back within 7 days of approval.
6. Approved refunds go back to your balance at once.

# Contact

Questions about these terms: customer service in the app.`,
    jp: `# 利用規約

本規約は、独立したショップが購入者に商品を販売するマーケットプレイス「Crossmart」をご利用のすべての方に適用されます。アカウントを作成した時点で、本規約に同意したものとみなします。

## アカウント

- パスワードと支払いパスワードは他人に知られないよう管理してください。これらを使って行われた操作はご本人によるものとみなします。
- アカウントはお一人につき一つです。詐欺・不正利用・法令違反に使われたアカウントは停止することがあります。
- 出店者は申請が承認された後に一つのショップを運営し、その商品・説明・配送に責任を負います。

## 注文と支払い

- 価格はプラットフォーム通貨で表示されます。残高から支払った時点で注文が成立します。
- 30 分以内に支払われなかった注文はキャンセルされ、在庫は戻されます。
- お支払いは注文完了までプラットフォームが預かり、完了後に販売手数料を差し引いて出店者に支払われます。

# プライバシーポリシー

- **取得する情報**：アカウント情報（氏名・メールアドレス・携帯電話番号）、配送先住所、注文、支払い、アップロードされた画像、カスタマーサービスとのメッセージ。
- **利用目的**：注文の配送、ウォレットの正確な管理、不正の防止、お問い合わせへの対応のため。個人情報を販売することはありません。
- **閲覧できる人**：注文の出店者は、その注文の配送先と商品のみを閲覧できます。サポート担当者は対応に必要な範囲でのみ閲覧します。
- **保存期間**：注文と支払いの記録は法令で定められた期間保存し、その他の情報はアカウント解約時に削除します。
- **お客様の権利**：カスタマーサービスを通じて、ご自身の情報の開示・訂正・削除を求めることができます。

# 返金ポリシー

1. 発送待ち・配送中・受け取り済みの注文は、受け取りから 7 日間のアフターサービス期間が終わるまで返金を申請できます。
2. 返品なしの返金か返品ありの返金を選び、金額・理由・証明を添えてください。1 件の注文につき同時に申請できるのは 1 件です。
3. 出店者は 3 日以内に回答します。回答がない場合、申請は承認されます。
4. 出店者が拒否した場合、7 日以内に一度だけプラットフォームに判断を求めることができます。
5. 返品ありの返金では、承認から 7 日以内に商品を返送してください。
6. 承認された返金は、ただちに残高に戻ります。

# お問い合わせ

本規約に関するご質問は、アプリ内のカスタマーサービスまでお寄せください。`,
  },
  platform: {
    en: `# Sell on Crossmart

Crossmart connects independent shops with buyers across borders. Open your shop and reach customers in 34 languages.

## Why partner with us

- **One wallet**: sales are settled to your balance when an order completes, and you can withdraw to a bank card or an on-chain address.
- **Simple fees**: a commission of 5 % on completed orders, nothing to open a shop.
- **Visibility that rewards good service**: shops rise in the hot lists with their recent sales, their favourable reviews and the daily support they receive from the community.
- **Tools for every day**: a seller platform to list products, ship orders, answer refunds and reviews.

## How to join

1. Register a buyer account, or log in with yours.
2. Apply for merchant registration with your shop's name and details.
3. Our team reviews the application, usually within two working days.
4. Once approved, sign in to the seller platform and list your first products.`,
    jp: `# Crossmart で出店しませんか

Crossmart は、国境を越えて独立したショップと購入者をつなぐマーケットプレイスです。ショップを開いて、34 の言語でお客様に届けましょう。

## 出店のメリット

- **ひとつのウォレット**：注文が完了すると売上が残高に反映され、銀行カードやオンチェーンのアドレスへ出金できます。
- **わかりやすい手数料**：完了した注文に 5 % の販売手数料のみ。出店費用はかかりません。
- **良いサービスが報われる表示順**：最近の売上、好評価のレビュー、コミュニティからの毎日の応援によって、人気ショップ一覧で上位に表示されます。
- **毎日の業務に役立つツール**：商品の出品、注文の発送、返金やレビューへの対応ができる出店者プラットフォームをご用意しています。

## 出店の流れ

1. 購入者アカウントを登録するか、お持ちのアカウントでログインします。
2. ショップ名と詳細を入力して出店者登録を申請します。
3. 通常 2 営業日以内に当社が審査します。
4. 承認後、出店者プラットフォームにログインして最初の商品を出品してください。`,
  },
};
