import { PageHead } from './parts.js';

/** Admin spec §2: a placeholder until the reports exist. */
export function Reports() {
  return (
    <section className="admin-page" aria-labelledby="reports-page-title">
      <PageHead id="reports-page-title" title="Raporlar" intro="Raporlar yakında burada olacak." />
      <div className="admin-card coming-soon">
        <p>Hazırlanan raporlar:</p>
        <ul>
          <li>
            <strong>Trend analizi</strong> — zaman içinde eklenen işletmeler ve yüklemeler
          </li>
          <li>
            <strong>Coğrafi dağılım</strong> — ülke ve şehirlere göre işletmeler
          </li>
          <li>
            <strong>Kullanıcı davranışı</strong> — ziyaretçilerin aradıkları ve gezdikleri sayfalar
          </li>
        </ul>
      </div>
    </section>
  );
}
