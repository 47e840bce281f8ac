export function DashboardPage() {
  return (
    <section aria-labelledby="dashboard-title">
      <title>Přehled – Back-office</title>
      <h1 id="dashboard-title">Přehled</h1>
      <div className="card">
        <p>Vítejte v back-office. Agendy žádostí, obchodů a plateb přibudou v dalších verzích.</p>
      </div>
    </section>
  );
}
