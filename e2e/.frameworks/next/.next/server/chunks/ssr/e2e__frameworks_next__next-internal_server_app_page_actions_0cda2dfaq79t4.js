module.exports=[22822,(a,b,c)=>{}];

//# sourceMappingURL=e2e__frameworks_next__next-internal_server_app_page_actions_0cda2dfaq79t4.js.map