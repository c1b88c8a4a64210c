<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="pt" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="80" />
        <source>Open survey…</source>
        <translation>Abrir pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="103" />
        <source>Try again</source>
        <translation>Tentar de novo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="116" />
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="117" />
        <source>Close it</source>
        <translation>Encerrá-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="136" />
        <source>Saved in this session</source>
        <translation>Guardadas nesta sessão</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="137" />
        <source>On this laptop (this survey)</source>
        <translation>Neste computador (esta pesquisa)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="138" />
        <source>Last answer saved</source>
        <translation>Última resposta guardada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="139" />
        <source>Free disk space</source>
        <translation>Espaço livre em disco</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="140" />
        <source>Data folder</source>
        <translation>Pasta de dados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141" />
        <source>Interviews</source>
        <translation>Entrevistas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="148" />
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>Pouco espaço em disco: exporte os dados para um pen drive e libere espaço antes da próxima entrevista.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="160" />
        <source>Start interview</source>
        <translation>Iniciar entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="164" />
        <source>Export to…</source>
        <translation>Exportar para…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="170" />
        <source>Export in progress</source>
        <translation>Exportação em andamento</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="182" />
        <source>Reduce spinner motion</source>
        <translation>Reduzir o movimento da roda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188" />
        <source>Interviewer language:</source>
        <translation>Idioma do entrevistador:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="192" />
        <source>Interviewer language</source>
        <translation>Idioma do entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="229" />
        <source>Checking the survey's signature…</source>
        <translation>Verificando a assinatura da pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232" />
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · idiomas: {languages} · ε por respondente: {epsilon} (limite {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="243" />
        <source>Signed by the coordinator's key {key}.</source>
        <translation>Assinado com a chave do coordenador {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="244" />
        <source>Not signed.</source>
        <translation>Não assinado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="256" />
        <source>Answers are sealed to: {recipients}</source>
        <translation>As respostas são cifradas para: {recipients}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="247" />
        <source>The survey's signature cannot be trusted: {problem}</source>
        <translation>Não se pode confiar na assinatura do questionário: {problem}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="250" />
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator's. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>QUESTIONÁRIO NÃO ASSINADO — nada prova que este arquivo é do coordenador. Use-o apenas para praticar; para entrevistas reais peça ao coordenador o arquivo assinado (com o seu .minisig ao lado).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="263" />
        <source>nothing saved yet</source>
        <translation>nada guardado ainda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="274" />
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="276" />
        <source>{size} GB</source>
        <translation>{size} GB</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="278" />
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="309" />
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation>Nenhuma entrevista pode ser registrada até que isto seja corrigido; os dados ainda podem ser exportados. Corrija a causa e toque em Tentar de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="312" />
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation>Nenhuma entrevista pode ser registrada até que isto seja corrigido. Corrija a causa e toque em Tentar de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="330" />
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>A entrevista {number} parou depois da pergunta {done} de {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="331" />
        <source>Interview {number} stopped before its first question.</source>
        <translation>A entrevista {number} parou antes da primeira pergunta.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="333" />
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation>A pergunta {done} foi girada mas não respondida; fica registrada como não respondida e não será feita de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="336" />
        <source>No question is left: close it.</source>
        <translation>Não resta nenhuma pergunta: encerre-a.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="338" />
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation>Continue-a com o mesmo respondente (a próxima é a pergunta {next}), ou encerre-a.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="350" />
        <source>Exporting and checking the copy…</source>
        <translation>Exportando e verificando a cópia…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="163" />
        <source>New interview</source>
        <translation>Nova entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="164" />
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>Entrevistador: preencha estas respostas antes de entregar o computador.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="192" />
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="193" />
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="78" />
        <source>(unknown)</source>
        <translation>(desconhecido)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="79" />
        <source>(skipped)</source>
        <translation>(pergunta saltada)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question, by {by}</source>
        <translation>Pergunta, por {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Recorded</source>
        <translation>Registradas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>Estimate</source>
        <translation>Estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>95 % interval</source>
        <translation>Intervalo de 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="110" />
        <source>Answers recorded</source>
        <translation>Respostas registradas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="111" />
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε de uma resposta registrada: quanto menor, mais privado</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="112" />
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>Quantas respostas foram registradas como esta resposta (depois da roda), e a sua proporção</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="114" />
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>Proporção estimada de respondentes para quem esta resposta é verdadeira</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="115" />
        <source>95 % confidence interval of the estimate</source>
        <translation>Intervalo de confiança de 95 % da estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="116" />
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>A estimativa (ponto) com o seu intervalo de 95 % (barra) e a proporção registrada (losango), de 0 a 100 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="136" />
        <source>no answers</source>
        <translation>sem respostas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="145" />
        <source>asked directly, not randomized</source>
        <translation>perguntada diretamente, sem aleatorização</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="158" />
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>só {n} respostas (menos de {small}): o intervalo é largo e só serve de orientação</translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="52" />
        <source>Export to… (choose the USB stick)</source>
        <translation>Exportar para… (escolha o pen drive)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="71" />
        <source>Export to the laptop's own disk?</source>
        <translation>Exportar para o próprio disco do computador?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Export here anyway</source>
        <translation>Exportar aqui mesmo assim</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Choose another folder</source>
        <translation>Escolher outra pasta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="80" />
        <source>Nothing was exported: choose the USB stick.</source>
        <translation>Nada foi exportado: escolha o pen drive.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="91" />
        <source>Exported and checked on {device}: {path}</source>
        <translation>Exportado e verificado em {device}: {path}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="96" />
        <source>Export failed: {error}</source>
        <translation>A exportação falhou: {error}</translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29" />
        <source>The survey file</source>
        <translation>O arquivo de pesquisa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38" />
        <source>The survey file's reference is missing from this installation ({path}).</source>
        <translation>A referência do arquivo de pesquisa não está nesta instalação ({path}).</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="42" />
        <source>Please hand the laptop to the respondent.</source>
        <translation>Por favor, entregue o computador ao respondente.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="43" />
        <source>Interview {number}</source>
        <translation>Entrevista {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="45" />
        <source>I am the respondent: start</source>
        <translation>Sou o respondente: começar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="49" />
        <source>Stop this interview</source>
        <translation>Parar esta entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57" />
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation>Parar a entrevista {number}? As perguntas não feitas ficam marcadas como não feitas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="60" />
        <source>Yes, stop it</source>
        <translation>Sim, parar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61" />
        <source>Go back</source>
        <translation>Voltar</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="148" />
        <location filename="../../rrdesk/gui/interview.py" line="170" />
        <source>No interview was started.</source>
        <translation>Nenhuma entrevista foi iniciada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="161" />
        <source>The interview could not be started: {error}</source>
        <translation>Não foi possível iniciar a entrevista: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="176" />
        <source>Interview {number} was closed before the end.</source>
        <translation>A entrevista {number} foi encerrada antes do fim.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="180" />
        <source>Interview {number} could not be closed: {error}</source>
        <translation>Não foi possível encerrar a entrevista {number}: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="256" />
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation>Entrevista {number}: a pessoa não deu o seu consentimento; a recusa está guardada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="262" />
        <source>Interview {number} saved.</source>
        <translation>Entrevista {number} guardada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="374" />
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>A entrevista {number} parou: {error}. Corrija a causa (libere espaço em disco) e continue-a a partir daqui.</translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="42" />
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records' rule: rrdesk.core._survey_study)</extracomment>
        <translation>Entrevistador:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="46" />
        <location filename="../../rrdesk/gui/interviewer.py" line="52" />
        <source>Interviewer</source>
        <translation>Entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="51" />
        <source>Your interviewer id</source>
        <translation>O seu identificador de entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="72" />
        <source>Choose…</source>
        <translation>Escolher…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="171" />
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>DEMO — pode ser lido com a chave pública de demonstração. Nunca use para respostas reais.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="177" />
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="178" />
        <source>&amp;Open survey…</source>
        <translation>&amp;Abrir pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="181" />
        <source>&amp;Export to…</source>
        <translation>&amp;Exportar para…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="183" />
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;Resultados (coordenador)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="185" />
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="222" />
        <source>Open survey</source>
        <translation>Abrir pesquisa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="223" />
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>Arquivos de pesquisa (*.toml);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="233" />
        <source>This survey file cannot be used</source>
        <translation>Este arquivo de pesquisa não pode ser usado</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="250" />
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>O arquivo de pesquisa não pode ser usado; a pesquisa de demonstração foi aberta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="270" />
        <source>Opening the data folder…</source>
        <translation>Abrindo a pasta de dados…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="308" />
        <source>The data folder cannot be used: {error}</source>
        <translation>A pasta de dados não pode ser usada: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="315" />
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation>A pasta de dados tinha um arquivo danificado; ele é guardado para verificação (rrdesk verify) e as entrevistas continuam.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="373" />
        <source>Close interview {number}?</source>
        <translation>Encerrar a entrevista {number}?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="374" />
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation>As perguntas que ela não alcançou ficam marcadas como não feitas. Isto não pode ser desfeito.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Close it</source>
        <translation>Encerrá-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Keep it</source>
        <translation>Mantê-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="392" />
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>A entrevista {number} foi encerrada; as perguntas que ela não alcançou ficam marcadas como não feitas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="511" />
        <source>Leave the interview?</source>
        <translation>Sair da entrevista?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="512" />
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation>A entrevista fica interrompida: as respostas guardadas são mantidas, e o painel oferece continuá-la da próxima vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Leave</source>
        <translation>Sair</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Stay</source>
        <translation>Ficar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="194" />
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="195" />
        <source>Survey file &amp;format…</source>
        <translation>&amp;Formato do arquivo de pesquisa…</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="101" />
        <source>Erase</source>
        <extracomment>The erase key's sign, and the minus sign a negative range gets (typed "-" is the same). The hint's and the error's font sizes in resources/style.qss (QLabel[role="hint"], [role="error"]).</extracomment>
        <translation>Apagar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="110" />
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation>um número de {low} a {high}, com {decimals} casas decimais no máximo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="112" />
        <source>a whole number from {low} to {high}</source>
        <translation>um número inteiro de {low} a {high}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122" />
        <source>Not accepted: enter {what}.</source>
        <translation>Não aceite: escreva {what}.</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="78" />
        <source>rrdesk — Results</source>
        <translation>rrdesk — Resultados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="79" />
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="80" />
        <source>Results: {title}</source>
        <translation>Resultados: {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="81" />
        <source>&amp;Open bundles…</source>
        <translation>&amp;Abrir pacotes…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="82" />
        <source>&amp;Identity file…</source>
        <translation>Arquivo de &amp;identidade…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="83" />
        <source>&amp;Survey:</source>
        <translation>&amp;Pesquisa:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="84" />
        <source>Split &amp;by:</source>
        <translation>Dividir &amp;por:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="85" />
        <source>&amp;Compute</source>
        <translation>&amp;Calcular</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="86" />
        <source>Save &amp;report…</source>
        <translation>Guardar o &amp;relatório…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="87" />
        <source>Working</source>
        <translation>Trabalhando</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="88" />
        <source>Estimates</source>
        <translation>Estimativas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="89" />
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="91" />
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>Nenhum pacote escolhido ainda: os arquivos .tar.age exportados dos computadores.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="92" />
        <location filename="../../rrdesk/gui/results.py" line="184" />
        <source>{bundles}: {names}</source>
        <translation>{bundles}: {names}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="95" />
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation>Nenhum arquivo de identidade escolhido ainda: o arquivo com a sua chave secreta (AGE-SECRET-KEY-1…).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="97" />
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — lido só durante o cálculo; o rrdesk nunca o guarda nem guarda o seu local.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>estimate</source>
        <translation>estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>95 % confidence interval</source>
        <translation>intervalo de confiança de 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="100" />
        <source>recorded share (before correction)</source>
        <translation>proporção registrada (antes da correção)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="103" />
        <source>Each line names the bundle, the laptop's log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>Cada linha indica o pacote, o registro do computador e a entrada, e o que está errado. As entradas indicadas aqui foram deixadas de fora; o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="105" />
        <source>&amp;Estimates</source>
        <translation>&amp;Estimativas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="106" />
        <source>&amp;Problems ({count})</source>
        <translation>&amp;Problemas ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="109" />
        <location filename="../../rrdesk/gui/results.py" line="194" />
        <source>no split</source>
        <translation>sem divisão</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="120" />
        <source>Open export bundles</source>
        <translation>Abrir pacotes exportados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="121" />
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>Pacotes exportados (*.tar.age);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="128" />
        <source>Choose the identity file</source>
        <translation>Escolher o arquivo de identidade</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="129" />
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>Arquivos de identidade (*.txt *.key);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="155" />
        <source>Opening the bundles…</source>
        <translation>Abrindo os pacotes…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="162" />
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>Nenhum pacote pôde ser aberto com este arquivo de identidade. Calcular lista o que está errado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="166" />
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>Os pacotes contêm a pesquisa “{title}”. Clique em Calcular.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="168" />
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>Os pacotes contêm {count} pesquisas: escolha uma e clique em Calcular.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="206" />
        <source>Press Compute to see the results of this survey.</source>
        <translation>Clique em Calcular para ver os resultados desta pesquisa.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="214" />
        <source>Splitting the results…</source>
        <translation>Dividindo os resultados…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="226" />
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>Decifrando e verificando cada entrada de {bundles}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="233" />
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>Nada a mostrar: nenhum pacote pôde ser usado. A aba Problemas diz por quê.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="237" />
        <source>Computed from {bundles}.</source>
        <translation>Calculado a partir de {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="238" />
        <source>Records found in several bundles were counted once.</source>
        <translation>As entradas encontradas em vários pacotes foram contadas uma vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="239" />
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>As entradas indicadas em Problemas foram deixadas de fora; todo o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="257" />
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle}: deixado de fora, contém outra pesquisa ({id}); escolha essa pesquisa para ver os seus resultados.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="263" />
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>Escolha os pacotes e o seu arquivo de identidade e clique em Calcular. Os números são os de “rrdesk aggregate”.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="267" />
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n computador</numerusform>
            <numerusform>%n computadores</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="268" />
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} entrevistas · {records} entradas · {laptops} · ε por respondente {epsilon} (limite {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="275" />
        <source>✓ Every bundle verified</source>
        <translation>✓ Todos os pacotes verificados</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="276" />
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problema: veja Problemas</numerusform>
            <numerusform>⚠ %n problemas: veja Problemas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="277" />
        <source>Each record's chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>A cadeia, a etiqueta e o conteúdo de cada entrada conferem; as entradas encontradas em vários pacotes foram contadas uma vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="279" />
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>As entradas danificadas ou duvidosas foram deixadas de fora e todo o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="293" />
        <source>laptop {laptop}…, log {log}…</source>
        <translation>computador {laptop}…, registro {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="296" />
        <source>record {number}</source>
        <translation>entrada {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="297" />
        <source>{where}: {what}</source>
        <translation>{where}: {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>forced response</source>
        <translation>resposta forçada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>Warner's mirrored question</source>
        <translation>pergunta espelhada de Warner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>unrelated question</source>
        <translation>pergunta não relacionada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>k-ary randomized response</source>
        <translation>resposta aleatorizada k-ária</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="307" />
        <source>asked directly</source>
        <translation>perguntada diretamente</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="308" />
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}, ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="309" />
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design}): {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="310" />
        <source>Method: {method}</source>
        <translation>Método: {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="312" />
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation>{declined} recusadas, {abandoned} não alcançadas, {after_spin} paradas depois do giro</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="325" />
        <source>Save the report in…</source>
        <translation>Guardar o relatório em…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="334" />
        <source>Writing the report…</source>
        <translation>Escrevendo o relatório…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="338" />
        <source>Report saved in {folder}: {files}</source>
        <translation>Relatório guardado em {folder}: {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="344" />
        <source>The report could not be saved: {error}</source>
        <translation>Não foi possível guardar o relatório: {error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="356" />
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n pacote</numerusform>
            <numerusform>%n pacotes</numerusform>
        </translation>
    </message>
</context>
</TS>